"""Talk to a running ERA from the terminal: `make chat` or `python -m tools.chat --as employee`.

It speaks the Bot Framework protocol the way the Emulator does: it runs a small local connector
endpoint to receive the bot's replies, posts message activities to /api/messages, and prints
text, hero cards and Adaptive Cards as readable text with numbered buttons. Type a button's
number (e.g. "[2]" shows as "2") to press it, which sends a real card submit; type anything
else to send it as a message. Ctrl-D or "/quit" leaves.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from core.name_matcher import match_people
from core.person import Person, PersonRole
from services.demo_organisation import PEOPLE
from tools.local_connector import BotClient, LocalConnector, UserIdentity, render_activity

ROLE_SHORTCUTS = {"manager": "maria", "employee": "bob-smith"}


def demo_people() -> list[Person]:
    """The seeded demo people, as the console client can pretend to be them."""
    return [
        Person(id=p.id, name=p.name, email=p.email, role=PersonRole(p.role),
               store_id=p.store_id, channel_user_id=p.channel_user_id,
               aad_object_id=p.aad_object_id)
        for p in PEOPLE
    ]


def identity_for(who: str) -> UserIdentity:
    """--as manager | employee | a demo person's name or email | anything else (unknown)."""
    people = demo_people()
    wanted = ROLE_SHORTCUTS.get(who.lower())
    matches = [p for p in people if p.id == wanted] if wanted else match_people(who, people)
    if len(matches) == 1:
        person = matches[0]
        return UserIdentity(id=person.channel_user_id or person.id, name=person.name,
                            aad_object_id=person.aad_object_id)
    if len(matches) > 1:
        names = ", ".join(p.name for p in matches)
        raise SystemExit(f"--as {who!r} matches several people: {names}")
    return UserIdentity(id=f"console-{who}", name=who)


def show(activities: list[dict[str, object]]) -> list[tuple[str, str]]:
    """Print the bot's replies; return the buttons of the last one that had any."""
    buttons: list[tuple[str, str]] = []
    for activity in activities:
        if activity.get("type") != "message":
            continue
        text, activity_buttons = render_activity(activity)  # type: ignore[arg-type]
        if text:
            print(f"ERA: {text}".replace("\n", "\n     "))
        for number, (title, _) in enumerate(activity_buttons, start=1):
            print(f"     [{number}] {title}")
        if activity_buttons:
            buttons = activity_buttons
    return buttons


async def chat(args: argparse.Namespace) -> int:
    """Run the conversation loop."""
    async with LocalConnector() as connector:
        client = BotClient(bot_url=args.url, connector=connector, user=identity_for(args.who),
                           channel_id=args.channel, locale=args.locale or None)
        print(f"Talking to {args.url} as {client.user.name} ({args.channel}, "
              f"{args.locale or 'no locale'}). Type /quit to leave.")
        try:
            buttons = show(await client.join())
        except OSError as error:
            print(f"Cannot reach ERA at {args.url}: {error}. Is `make run` running?")
            return 1
        loop = asyncio.get_running_loop()
        while True:
            try:
                line = await loop.run_in_executor(None, input, "you: ")
            except EOFError:
                print()
                return 0
            line = line.strip()
            if line in ("/quit", "/exit"):
                return 0
            if not line:
                continue
            if line.isdigit() and buttons and 1 <= int(line) <= len(buttons):
                title, reply = buttons[int(line) - 1]
                print(f"     (pressed: {title})")
                replies = await client.press(reply)
            else:
                replies = await client.say(line)
            buttons = show(replies) or buttons


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--as", dest="who", default="manager",
                        help='"manager" (Maria Lopez), "employee" (Bob Smith), or a demo '
                             "person's name or email; anything else is an unknown user")
    parser.add_argument("--url", default="http://127.0.0.1:3978/api/messages")
    parser.add_argument("--channel", default="emulator",
                        help="channel id to pretend to be: emulator, msteams, slack, ...")
    parser.add_argument("--locale", default="en-US", help='e.g. fr-FR; "" for none')
    return parser.parse_args(argv)


def main() -> int:
    """Entry point."""
    return asyncio.run(chat(parse_args(sys.argv[1:])))


if __name__ == "__main__":
    sys.exit(main())
