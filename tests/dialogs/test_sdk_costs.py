"""The SDK's per-turn costs ERA removes: a dialog context builds its state manager only when
asked, and waterfall runs are named without libuuid's time-based ids."""

from __future__ import annotations

import uuid

import pytest
from botbuilder.core import ConversationState, MemoryStorage, TurnContext
from botbuilder.core.adapters import TestAdapter
from botbuilder.dialogs import DialogContext, DialogSet, DialogState, WaterfallDialog
from botbuilder.dialogs.memory import DialogStateManager
from botbuilder.schema import Activity, ActivityTypes, ChannelAccount, ConversationAccount

import dialogs  # noqa: F401  (applies the changes)


def _dialog_set() -> DialogSet:
    return DialogSet(ConversationState(MemoryStorage()).create_property("dialogs"))


def _turn() -> TurnContext:
    return TurnContext(TestAdapter(), Activity(
        type=ActivityTypes.message, text="hi", channel_id="test",
        from_property=ChannelAccount(id="user"), recipient=ChannelAccount(id="bot"),
        conversation=ConversationAccount(id="c1")))


def test_a_dialog_context_builds_its_state_manager_only_when_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[object] = []
    original = DialogStateManager.__init__

    def counted(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        built.append(self)
        original(self, *args, **kwargs)

    monkeypatch.setattr(DialogStateManager, "__init__", counted)
    context = DialogContext(_dialog_set(), _turn(), DialogState())
    assert built == []
    manager = context.state
    assert built == [manager]
    assert isinstance(manager, DialogStateManager)
    assert context.state is manager


async def test_a_waterfall_run_gets_a_random_id() -> None:
    async def step(step_context):  # type: ignore[no-untyped-def]
        return await step_context.end_dialog()

    dialog_set = _dialog_set()
    dialog_set.add(WaterfallDialog("w", [step]))
    state = DialogState()
    context = DialogContext(dialog_set, _turn(), state)
    ids: list[str] = []
    original = WaterfallDialog.on_step

    async def spy(self, step_context):  # type: ignore[no-untyped-def]
        ids.append(step_context.active_dialog.state[WaterfallDialog.PersistedInstanceId])
        return await original(self, step_context)

    WaterfallDialog.on_step = spy
    try:
        await context.begin_dialog("w")
    finally:
        WaterfallDialog.on_step = original
    assert len(ids) == 1 and uuid.UUID(ids[0]).version == 4
