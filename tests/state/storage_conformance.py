"""The storage conformance suite: what every ERA botbuilder Storage must do, written once.

A test module runs it against one storage by subclassing `StorageConformance` in a class named
``Test...`` and providing three fixtures: ``clock`` (a `ManualClock` the storage reads time
from), ``storage`` (an open, empty storage using that clock) and ``peer_storage`` (a second,
separately opened instance over the same data, as another worker would have). The suite covers
read / write / delete, e_tag concurrency and the first-write race, awkward keys and values, large
documents, 100 concurrent writers, a real ConversationState carrying a dialog across turns,
botbuilder and standard-library values, per-item ttl, and stored data that looks like a type tag.
"""

from __future__ import annotations

import asyncio
import copy
import datetime
import random
import time
from typing import Any

import pytest
from botbuilder.core import ConversationState, MessageFactory, Storage, StoreItem, TurnContext
from botbuilder.core.adapters import TestAdapter
from botbuilder.dialogs import (
    DialogInstance,
    DialogSet,
    DialogState,
    DialogTurnResult,
    DialogTurnStatus,
    WaterfallDialog,
    WaterfallStepContext,
)
from botbuilder.dialogs.choices import Choice, ListStyle
from botbuilder.dialogs.prompts import ChoicePrompt, PromptOptions
from botbuilder.schema import CardAction

from core.errors import ConflictError

WRITERS = 100


class ManualClock:
    """Wall-clock time in seconds that moves only when a test advances it."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the clock forward."""
        self.now += seconds


def _without_e_tag(item: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in item.items() if key != "e_tag"}


async def _increment(storage: Storage, key: str) -> int:
    """Add one to the counter under `key` by read-modify-write, retrying on conflict."""
    for attempt in range(1, 200):
        items = await storage.read([key])
        item = items.get(key, {"count": 0})
        item["count"] += 1
        try:
            await storage.write({key: item})
            return attempt
        except ConflictError:
            # Capped exponential back-off with jitter, as a real caller does.
            await asyncio.sleep(random.uniform(0, min(0.25, 0.005 * 2**attempt)))
    raise AssertionError(f"no write of {key} succeeded")


class StorageConformance:
    """The behaviour every storage shares; subclass it as Test<Storage> with the fixtures."""

    async def test_written_item_reads_back_with_an_e_tag(self, storage: Storage) -> None:
        await storage.write({"user/1": {"name": "Ada", "shifts": [1, 2], "active": True}})

        items = await storage.read(["user/1"])

        assert _without_e_tag(items["user/1"]) == {"name": "Ada", "shifts": [1, 2], "active": True}
        assert isinstance(items["user/1"]["e_tag"], str) and items["user/1"]["e_tag"]

    async def test_missing_keys_are_left_out(self, storage: Storage) -> None:
        assert await storage.read(["never-written"]) == {}
        assert await storage.read([]) == {}

    async def test_reads_several_keys_at_once(self, storage: Storage) -> None:
        await storage.write({"a": {"v": 1}, "b": {"v": 2}, "c": {"v": 3}})

        items = await storage.read(["a", "c", "missing", "b"])

        assert {key: item["v"] for key, item in items.items()} == {"a": 1, "b": 2, "c": 3}

    async def test_empty_write_changes_nothing(self, storage: Storage) -> None:
        await storage.write({})

        assert await storage.read(["a"]) == {}

    async def test_delete_removes_the_items(self, storage: Storage) -> None:
        await storage.write({"a": {"v": 1}, "b": {"v": 2}, "c": {"v": 3}})

        await storage.delete(["a", "b"])

        assert list(await storage.read(["a", "b", "c"])) == ["c"]

    async def test_delete_of_a_missing_key_is_a_no_op(self, storage: Storage) -> None:
        await storage.write({"kept": {"v": 1}})

        await storage.delete(["never-written"])

        assert (await storage.read(["kept"]))["kept"]["v"] == 1

    async def test_write_with_the_current_e_tag_updates(self, storage: Storage) -> None:
        await storage.write({"k": {"v": 1}})
        item = (await storage.read(["k"]))["k"]
        first_e_tag = item["e_tag"]

        item["v"] = 2
        await storage.write({"k": item})

        stored = (await storage.read(["k"]))["k"]
        assert stored["v"] == 2
        assert stored["e_tag"] != first_e_tag

    async def test_write_with_a_stale_e_tag_is_a_conflict_naming_the_key(
        self, storage: Storage, peer_storage: Storage
    ) -> None:
        await storage.write({"conv/42": {"v": 1}})
        mine = (await storage.read(["conv/42"]))["conv/42"]
        theirs = (await peer_storage.read(["conv/42"]))["conv/42"]
        theirs["v"] = "theirs"
        await peer_storage.write({"conv/42": theirs})

        mine["v"] = "mine"
        with pytest.raises(ConflictError, match="conv/42"):
            await storage.write({"conv/42": mine})

        assert (await storage.read(["conv/42"]))["conv/42"]["v"] == "theirs"

    async def test_write_with_the_e_tag_of_a_deleted_item_is_a_conflict(
        self, storage: Storage
    ) -> None:
        await storage.write({"k": {"v": 1}})
        item = (await storage.read(["k"]))["k"]
        await storage.delete(["k"])

        with pytest.raises(ConflictError):
            await storage.write({"k": item})

        assert await storage.read(["k"]) == {}

    async def test_star_e_tag_overwrites_and_creates(self, storage: Storage) -> None:
        await storage.write({"k": {"v": 1}})
        old_e_tag = (await storage.read(["k"]))["k"]["e_tag"]

        await storage.write({"k": {"v": 2, "e_tag": "*"}, "new": {"v": 3, "e_tag": "*"}})

        items = await storage.read(["k", "new"])
        assert (items["k"]["v"], items["new"]["v"]) == (2, 3)
        assert items["k"]["e_tag"] not in ("*", old_e_tag)

    async def test_write_without_e_tag_never_replaces_a_stored_item(
        self, storage: Storage
    ) -> None:
        await storage.write({"k": {"v": 1}})

        with pytest.raises(ConflictError, match="'k'"):
            await storage.write({"k": {"v": 2}})

        assert (await storage.read(["k"]))["k"]["v"] == 1

    async def test_a_written_item_gets_its_new_e_tag_so_it_can_be_saved_again(
        self, storage: Storage
    ) -> None:
        item = {"v": 1}
        await storage.write({"k": item})
        item["v"] = 2
        await storage.write({"k": item})

        stored = (await storage.read(["k"]))["k"]
        assert stored == item

    async def test_store_item_objects_round_trip_with_their_e_tag(self, storage: Storage) -> None:
        await storage.write({"k": StoreItem(name="Ada", count=1)})
        item = (await storage.read(["k"]))["k"]
        assert (type(item), item.name, item.count) == (StoreItem, "Ada", 1)
        stale = StoreItem(name="Ada", count=99, e_tag=item.e_tag)

        item.count = 2
        await storage.write({"k": item})

        with pytest.raises(ConflictError):
            await storage.write({"k": stale})
        assert (await storage.read(["k"]))["k"].count == 2

    async def test_first_write_race_has_exactly_one_winner(
        self, storage: Storage, peer_storage: Storage
    ) -> None:
        outcomes = await asyncio.gather(
            storage.write({"conversation/new": {"winner": "first"}}),
            peer_storage.write({"conversation/new": {"winner": "second"}}),
            return_exceptions=True,
        )

        conflicts = [o for o in outcomes if isinstance(o, ConflictError)]
        assert len(conflicts) == 1, outcomes
        winner = "first" if outcomes[0] is None else "second"
        stored = await peer_storage.read(["conversation/new"])
        assert stored["conversation/new"]["winner"] == winner

    async def test_concurrent_first_writes_on_one_instance_have_one_winner(
        self, storage: Storage
    ) -> None:
        outcomes = await asyncio.gather(
            *(storage.write({"fresh": {"writer": n}}) for n in range(5)),
            return_exceptions=True,
        )

        assert sum(outcome is None for outcome in outcomes) == 1
        assert all(isinstance(o, ConflictError) for o in outcomes if o is not None)

    async def test_unicode_keys_and_values(self, storage: Storage) -> None:
        values = {
            "会話/チーム#1": {"text": "シフトをキャンセルしたい"},
            "émoji 🙂 key": {"text": "très bien 👍", "list": ["ß", "Ω", "🚀"]},
            "Ελληνικά": {"κλειδί": "τιμή"},
        }
        await storage.write(copy.deepcopy(values))

        items = await storage.read(list(values))

        assert {key: _without_e_tag(item) for key, item in items.items()} == values

    async def test_very_long_keys_stay_distinct(self, storage: Storage) -> None:
        base = "19:meeting_" + "x" * 2000
        await storage.write({base + "a": {"v": "a"}, base + "b": {"v": "b"}})

        items = await storage.read([base + "a", base + "b", base + "c"])

        assert {key[-1]: item["v"] for key, item in items.items()} == {"a": "a", "b": "b"}

    async def test_keys_with_reserved_characters_stay_distinct(self, storage: Storage) -> None:
        keys = [
            "a/b", "a\\b", "a?b", "a#b", "a*b", "a*2fb", "a%2Fb", "a b", "tab\there",
            "line\nbreak", "/leading", "trailing/", "msteams/conversations/19:abc@thread.v2",
        ]  # fmt: skip
        await storage.write({key: {"key": key} for key in keys})

        items = await storage.read(keys)

        assert {key: item["key"] for key, item in items.items()} == {key: key for key in keys}
        await storage.delete(["a/b"])
        assert sorted(await storage.read(keys)) == sorted(key for key in keys if key != "a/b")

    async def test_large_document_round_trips(self, storage: Storage) -> None:
        blob = "".join(random.choice("abcdefghij") for _ in range(1_000_000))
        await storage.write({"big": {"blob": blob, "tail": "end"}})

        item = (await storage.read(["big"]))["big"]

        assert item["blob"] == blob and item["tail"] == "end"

    async def test_hundred_concurrent_writers_lose_no_increment(
        self, storage: Storage, peer_storage: Storage
    ) -> None:
        workers = [storage, peer_storage]

        attempts = await asyncio.gather(
            *(_increment(workers[n % 2], "counter") for n in range(WRITERS))
        )

        assert (await storage.read(["counter"]))["counter"]["count"] == WRITERS
        assert max(attempts) > 1, "the writers never actually raced"

    async def test_dialog_state_survives_between_turns(
        self, storage: Storage, peer_storage: Storage
    ) -> None:
        replies = await _run_colour_dialog([storage, peer_storage, storage], ["hi", "green", "hi"])

        assert replies[0].startswith("Pick a colour")
        assert replies[1] == "You picked green"
        assert replies[2].startswith("Pick a colour")

    async def test_item_with_ttl_expires(
        self, storage: Storage, peer_storage: Storage, clock: ManualClock
    ) -> None:
        await storage.write({"memory": {"ttl": 600, "scope": "shift_cancel"}, "kept": {"v": 1}})
        clock.advance(599)
        assert (await storage.read(["memory"]))["memory"]["scope"] == "shift_cancel"

        clock.advance(2)

        assert list(await storage.read(["memory", "kept"])) == ["kept"]
        assert list(await peer_storage.read(["memory", "kept"])) == ["kept"]

    async def test_ttl_counts_from_the_latest_write(
        self, storage: Storage, clock: ManualClock
    ) -> None:
        await storage.write({"memory": {"ttl": 100, "step": 1}})
        clock.advance(90)
        item = (await storage.read(["memory"]))["memory"]
        item["step"] = 2
        await storage.write({"memory": item})

        clock.advance(90)

        assert (await storage.read(["memory"]))["memory"]["step"] == 2

    async def test_an_expired_key_can_be_created_again(
        self, storage: Storage, clock: ManualClock
    ) -> None:
        await storage.write({"memory": {"ttl": 10, "step": 1}})
        clock.advance(11)

        await storage.write({"memory": {"ttl": 10, "step": "new"}})

        assert (await storage.read(["memory"]))["memory"]["step"] == "new"

    async def test_invalid_ttl_is_refused(self, storage: Storage) -> None:
        with pytest.raises(ValueError, match="ttl"):
            await storage.write({"memory": {"ttl": "10"}})
        assert await storage.read(["memory"]) == {}

    async def test_values_that_look_like_type_tags_stay_plain_data(self, storage: Storage) -> None:
        value = {
            "$type": "builtins.eval",
            "$$type": "double",
            "$": 1,
            "nested": [{"$type": "botbuilder.dialogs.DialogState", "dialog_stack": []}],
            "text": "$type",
        }
        await storage.write({"tricky": copy.deepcopy(value)})

        item = (await storage.read(["tricky"]))["tricky"]

        assert _without_e_tag(item) == value
        assert type(item["nested"][0]) is dict

    async def test_dialog_and_standard_values_round_trip_as_objects(self, storage: Storage) -> None:
        when = datetime.datetime(2025, 3, 4, 9, 30, tzinfo=datetime.UTC)
        prompt = MessageFactory.suggested_actions(
            [CardAction(type="imBack", title="Yes", value="yes")], "Confirm the booking?"
        )
        options = PromptOptions(
            prompt=prompt,
            choices=[Choice("yes", synonyms=["y", "oui"])],
            style=ListStyle.suggested_action,
        )
        instance = DialogInstance("booking", {"options": options, "values": {"n": 1}})
        await storage.write(
            {
                "rich": {
                    "when": when,
                    "day": datetime.date(2025, 3, 4),
                    "local": datetime.datetime(2025, 3, 4, 9, 30),
                    "pair": ("slot", 2),
                    "dialog": DialogState([instance]),
                }
            }
        )

        item = (await storage.read(["rich"]))["rich"]

        assert item["when"] == when and item["when"].utcoffset() == datetime.timedelta(0)
        assert item["day"] == datetime.date(2025, 3, 4)
        assert item["local"] == datetime.datetime(2025, 3, 4, 9, 30)
        assert item["pair"] == ("slot", 2)
        (stored,) = item["dialog"].dialog_stack
        assert (stored.id, stored.state["values"]) == ("booking", {"n": 1})
        stored_options = stored.state["options"]
        assert isinstance(stored_options, PromptOptions)
        assert stored_options.prompt.text == "Confirm the booking?"
        assert stored_options.prompt.suggested_actions.actions[0].value == "yes"
        assert (stored_options.choices[0].value, stored_options.choices[0].synonyms) == (
            "yes",
            ["y", "oui"],
        )
        assert stored_options.style is ListStyle.suggested_action

    async def test_unregistered_objects_are_refused_and_nothing_is_written(
        self, storage: Storage
    ) -> None:
        class Opaque:
            pass

        with pytest.raises(TypeError, match="Opaque"):
            await storage.write({"ok": {"v": 1}, "bad": {"thing": Opaque()}})

        assert await storage.read(["ok", "bad"]) == {}


async def _run_colour_dialog(storages: list[Storage], texts: list[str]) -> list[str]:
    """Send one message per turn; each turn builds a fresh ConversationState on its storage."""
    turn_storages = iter(storages)

    async def ask(step: WaterfallStepContext) -> DialogTurnResult:
        options = PromptOptions(
            prompt=MessageFactory.text("Pick a colour"),
            choices=[Choice("red"), Choice("green", synonyms=["lime"])],
        )
        return await step.prompt("colour", options)

    async def answer(step: WaterfallStepContext) -> DialogTurnResult:
        await step.context.send_activity(f"You picked {step.result.value}")
        return await step.end_dialog()

    async def turn(context: TurnContext) -> None:
        conversation_state = ConversationState(next(turn_storages))
        dialogs = DialogSet(conversation_state.create_property("DialogState"))
        dialogs.add(ChoicePrompt("colour"))
        dialogs.add(WaterfallDialog("colour_flow", [ask, answer]))
        dialog_context = await dialogs.create_context(context)
        result = await dialog_context.continue_dialog()
        if result.status == DialogTurnStatus.Empty:
            await dialog_context.begin_dialog("colour_flow")
        await conversation_state.save_changes(context)

    adapter = TestAdapter(turn)
    replies = []
    for text in texts:
        await adapter.receive_activity(text)
        replies.append(adapter.get_next_activity().text)
    return replies
