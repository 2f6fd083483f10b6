"""Plain-JSON encoding of what the bot keeps in storage, without pickling.

Botbuilder puts Python objects in state (DialogState, DialogInstance, PromptOptions, Activity,
...). Storing them with pickle or jsonpickle would let whoever can write the database run code
when the bot reads it back, so ERA encodes state as plain JSON through a whitelist: each allowed
type is registered under a name with an explicit to-JSON and from-JSON function, and appears in
the JSON as ``{"$type": "<name>", ...fields}``. Dicts, lists, strings, numbers, booleans and None
pass through; a dict key that starts with "$" is escaped by doubling the "$" so user data can
never pose as a type tag. Encoding an unregistered type raises TypeError; decoding an unknown tag
raises StateDecodeError and instantiates nothing. The codec also knows the storage item envelope
(the ``e_tag`` botbuilder's BotState carries and an optional integer ``ttl``), which both ERA
storages share.
"""

from __future__ import annotations

import copy
import dataclasses
import datetime
import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, TypeAlias

import orjson
from botbuilder import schema
from botbuilder.core import StoreItem
from botbuilder.dialogs import DialogInstance, DialogState
from botbuilder.dialogs.choices import Choice, ChoiceFactoryOptions, ListStyle
from botbuilder.dialogs.prompts import PromptOptions
from msrest.serialization import Model

from core.errors import EraError
from state.activity_json import to_json as model_to_json

JSONValue: TypeAlias = (
    bool | int | float | str | list["JSONValue"] | dict[str, "JSONValue"] | None
)
Encode: TypeAlias = Callable[[Any], JSONValue]
Decode: TypeAlias = Callable[[JSONValue], Any]
ToJSON: TypeAlias = Callable[[Any, Encode], dict[str, JSONValue]]
FromJSON: TypeAlias = Callable[[dict[str, JSONValue], Decode], Any]

TYPE_TAG = "$type"
E_TAG = "e_tag"
TTL = "ttl"
_SCALARS = (str, int, float, bool, type(None))
# Leaves stored as they are with no check (floats are checked for NaN and infinity).
_PLAIN_LEAVES = frozenset({str, int, bool})
# Leaves read back as they are (decoding checks no number).
_DECODED_LEAVES = frozenset({str, int, bool, float})


class StateDecodeError(EraError, ValueError):
    """Stored JSON cannot be decoded: an unknown "$type" tag or a malformed tagged object."""


@dataclass(frozen=True)
class TypeCodec:
    """How one registered type becomes JSON fields and back; nested values go through the
    encode / decode callbacks so they are checked against the whitelist too."""

    name: str
    cls: type
    to_json: ToJSON
    from_json: FromJSON


@dataclass(frozen=True)
class EncodedItem:
    """A storage item split into its JSON document and its envelope (e_tag, ttl in seconds)."""

    document: JSONValue
    e_tag: str | None
    ttl: int | None


@dataclass
class EncodedDocument:
    """A storage item that is already a JSON document (made by StateCodec.encode), written as
    it is; after the write its `e_tag` is the new one. What `read_documents` returns."""

    document: JSONValue
    e_tag: str | None = None
    ttl: int | None = None


class StateCodec:
    """A whitelist registry of the types that may be stored, and the JSON encoder over it."""

    def __init__(self) -> None:
        self._by_name: dict[str, TypeCodec] = {}
        self._by_class: dict[type, TypeCodec] = {}

    @classmethod
    def default(cls) -> StateCodec:
        """A codec with the standard-library and botbuilder types ERA's dialogs put in state."""
        codec = cls()
        _register_standard_types(codec)
        _register_botbuilder_types(codec)
        return codec

    def register(self, name: str, cls: type, to_json: ToJSON, from_json: FromJSON) -> None:
        """Allow `cls` (exactly that class, not its subclasses) under the tag `name`."""
        if name in self._by_name or cls in self._by_class:
            raise ValueError(f"state codec: {name!r} / {cls.__qualname__} is already registered")
        entry = TypeCodec(name, cls, to_json, from_json)
        self._by_name[name] = entry
        self._by_class[cls] = entry

    def register_dataclass(self, cls: type, name: str | None = None) -> None:
        """Allow a dataclass, stored field by field and rebuilt through its constructor.

        Fields a newer version no longer has are ignored when reading old state, and fields it
        added take their defaults, so state survives a deploy.
        """
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"state codec: {cls.__qualname__} is not a dataclass")
        init_fields = [f.name for f in dataclasses.fields(cls) if f.init]

        def to_json(value: Any, encode: Encode) -> dict[str, JSONValue]:
            return {field: encode(getattr(value, field)) for field in init_fields}

        def from_json(data: dict[str, JSONValue], decode: Decode) -> Any:
            return cls(**{f: decode(data[f]) for f in init_fields if f in data})

        self.register(name or _qualified_name(cls), cls, to_json, from_json)

    def register_enum(self, cls: type[Enum], name: str | None = None) -> None:
        """Allow an Enum, stored by member name."""

        def to_json(value: Any, _encode: Encode) -> dict[str, JSONValue]:
            return {"name": value.name}

        def from_json(data: dict[str, JSONValue], _decode: Decode) -> Any:
            member = data.get("name")
            if not isinstance(member, str) or member not in cls.__members__:
                raise StateDecodeError(f"state codec: {member!r} is not a member of {cls!r}")
            return cls[member]

        self.register(name or _qualified_name(cls), cls, to_json, from_json)

    def encode(self, value: Any) -> JSONValue:
        """Turn a state value into plain JSON; TypeError names the first unregistered type."""
        value_type = type(value)
        if value_type is dict:
            # Plain leaves are taken as they are, without a call each (most of a document).
            encoded: dict[str, JSONValue] = {}
            for key, item in value.items():
                if type(key) is not str or key[:1] == "$":
                    key = _escape_key(key)
                encoded[key] = (item if type(item) in _PLAIN_LEAVES or item is None
                                else self.encode(item))
            return encoded
        if value_type is list:
            return [item if type(item) in _PLAIN_LEAVES or item is None else self.encode(item)
                    for item in value]
        if value_type in _SCALARS:
            if value_type is float and not math.isfinite(value):
                raise ValueError(f"state codec: {value!r} cannot be stored as JSON")
            return value  # type: ignore[no-any-return]
        entry = self._by_class.get(value_type)
        if entry is None:
            raise TypeError(
                f"state codec: cannot store a {value_type.__module__}.{value_type.__qualname__}; "
                "register the type with StateCodec.register(...) or store plain data"
            )
        fields = entry.to_json(value, self.encode)
        return {TYPE_TAG: entry.name, **fields}

    def decode(self, data: JSONValue) -> Any:
        """Rebuild a state value from JSON made by encode; only registered types are created."""
        data_type = type(data)
        if data_type is dict:
            assert isinstance(data, dict)
            if TYPE_TAG in data:
                return self._decode_tagged(data)
            decoded: dict[str, Any] = {}
            for key, item in data.items():
                if key[:1] == "$":
                    key = _unescape_key(key)
                decoded[key] = (item if type(item) in _DECODED_LEAVES or item is None
                                else self.decode(item))
            return decoded
        if data_type is list:
            assert isinstance(data, list)
            return [item if type(item) in _DECODED_LEAVES or item is None else self.decode(item)
                    for item in data]
        return data

    def plain_text(self, value: JSONValue) -> bytes | None:
        """orjson's text of a stored value when `decode` would copy it as it is (no type tag,
        no escaped key): a caller that owns the value (freshly parsed, held by nobody else) can
        use it as its own decoding, and tell a change later by this text. None otherwise, or
        when orjson cannot write it (an integer past 64 bits)."""
        try:
            text = orjson.dumps(value)
        except orjson.JSONEncodeError:
            return None
        # A key starting with "$" (a tag, an escaped key) shows as this in the text; so does a
        # quote inside a string followed by "$", which only costs the copy.
        return None if text.find(b'"$') >= 0 else text

    def _decode_tagged(self, data: dict[str, JSONValue]) -> Any:
        name = data[TYPE_TAG]
        entry = self._by_name.get(name) if isinstance(name, str) else None
        if entry is None:
            raise StateDecodeError(f"state codec: unknown stored type {name!r}; refusing to load")
        fields = {key: item for key, item in data.items() if key != TYPE_TAG}
        return entry.from_json(fields, self.decode)

    def encode_item(self, item: Any) -> EncodedItem:
        """Split a storage item (a dict, or a registered object) into document, e_tag and ttl.

        The e_tag is the storage's business and is not stored inside the document.
        """
        if type(item) is EncodedDocument:
            return EncodedItem(item.document, _e_tag_or_none(item.e_tag), item.ttl)
        if type(item) is dict:
            e_tag = item.get(E_TAG)
            body = {key: value for key, value in item.items() if key != E_TAG}
            return EncodedItem(self.encode(body), _e_tag_or_none(e_tag), _ttl_of(item))
        if type(item) in self._by_class and hasattr(item, "__dict__"):
            body = copy.copy(item)
            e_tag = vars(body).pop(E_TAG, None)
            return EncodedItem(self.encode(body), _e_tag_or_none(e_tag), None)
        raise TypeError(
            f"storage items must be dicts or registered objects, not {type(item).__qualname__}"
        )

    def decode_item(self, document: JSONValue, e_tag: str) -> Any:
        """Rebuild a storage item and give it its current e_tag (dict key or attribute)."""
        item = self.decode(document)
        set_e_tag(item, e_tag)
        return item


def set_e_tag(item: Any, e_tag: str) -> None:
    """Record a storage item's e_tag where BotState looks for it: the dict key or attribute."""
    if isinstance(item, dict):
        item[E_TAG] = e_tag
    else:
        setattr(item, E_TAG, e_tag)


def _e_tag_or_none(e_tag: Any) -> str | None:
    if e_tag is None or e_tag == "":
        return None
    if not isinstance(e_tag, str):
        raise TypeError(f"e_tag must be a string, not {type(e_tag).__qualname__}")
    return e_tag


def _ttl_of(item: dict[str, Any]) -> int | None:
    """The item's lifetime in seconds from its "ttl" key; -1 or no key means it never expires."""
    ttl = item.get(TTL)
    if ttl is None or ttl == -1:
        return None
    if type(ttl) is not int or ttl < 1:
        raise ValueError(f'an item\'s "ttl" must be a positive whole number of seconds or -1, '
                         f"not {ttl!r}")
    return ttl


def _escape_key(key: Any) -> str:
    if type(key) is not str:
        raise TypeError(f"state codec: dict keys must be strings, not {type(key).__qualname__}")
    return "$" + key if key.startswith("$") else key


def _unescape_key(key: str) -> str:
    if key.startswith("$$"):
        return key[1:]
    if key.startswith("$"):
        raise StateDecodeError(f"state codec: unexpected tag-like key {key!r} in stored data")
    return key


def _qualified_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _field(data: dict[str, JSONValue], name: str, decode: Decode) -> Any:
    return decode(data.get(name))


def _register_standard_types(codec: StateCodec) -> None:
    codec.register(
        "datetime",
        datetime.datetime,
        lambda value, _e: {"iso": value.isoformat()},
        lambda data, _d: datetime.datetime.fromisoformat(_text(data, "iso")),
    )
    codec.register(
        "date",
        datetime.date,
        lambda value, _e: {"iso": value.isoformat()},
        lambda data, _d: datetime.date.fromisoformat(_text(data, "iso")),
    )
    codec.register(
        "time",
        datetime.time,
        lambda value, _e: {"iso": value.isoformat()},
        lambda data, _d: datetime.time.fromisoformat(_text(data, "iso")),
    )
    codec.register(
        "timedelta",
        datetime.timedelta,
        lambda value, _e: {"seconds": value.total_seconds()},
        lambda data, _d: datetime.timedelta(seconds=_number(data, "seconds")),
    )
    codec.register(
        "tuple",
        tuple,
        lambda value, encode: {"items": [encode(item) for item in value]},
        lambda data, decode: tuple(decode(data.get("items", []))),
    )


def _register_botbuilder_types(codec: StateCodec) -> None:
    codec.register(
        "botbuilder.dialogs.DialogState",
        DialogState,
        lambda value, encode: {"dialog_stack": encode(list(value.dialog_stack))},
        lambda data, decode: DialogState(decode(data.get("dialog_stack")) or []),
    )
    codec.register(
        "botbuilder.dialogs.DialogInstance",
        DialogInstance,
        lambda value, encode: {"id": encode(value.id), "state": encode(value.state)},
        lambda data, decode: DialogInstance(_field(data, "id", decode), decode(data.get("state"))),
    )
    codec.register(
        "botbuilder.dialogs.PromptOptions",
        PromptOptions,
        lambda value, encode: {
            "prompt": encode(value.prompt),
            "retry_prompt": encode(value.retry_prompt),
            "choices": encode(value.choices),
            "style": encode(value.style),
            "validations": encode(value.validations),
            "number_of_attempts": encode(value.number_of_attempts),
        },
        lambda data, decode: PromptOptions(
            prompt=_field(data, "prompt", decode),
            retry_prompt=_field(data, "retry_prompt", decode),
            choices=_field(data, "choices", decode),
            style=_field(data, "style", decode),
            validations=_field(data, "validations", decode),
            number_of_attempts=_field(data, "number_of_attempts", decode) or 0,
        ),
    )
    codec.register(
        "botbuilder.dialogs.choices.Choice",
        Choice,
        lambda value, encode: {
            "value": encode(value.value),
            "action": encode(value.action),
            "synonyms": encode(value.synonyms),
        },
        lambda data, decode: Choice(
            value=_field(data, "value", decode),
            action=_field(data, "action", decode),
            synonyms=_field(data, "synonyms", decode),
        ),
    )
    codec.register(
        "botbuilder.dialogs.choices.ChoiceFactoryOptions",
        ChoiceFactoryOptions,
        lambda value, encode: {key: encode(item) for key, item in vars(value).items()},
        lambda data, decode: ChoiceFactoryOptions(
            **{key: decode(item) for key, item in data.items() if key in _FACTORY_OPTIONS}
        ),
    )
    codec.register_enum(ListStyle, "botbuilder.dialogs.choices.ListStyle")
    codec.register(
        "botbuilder.core.StoreItem",
        StoreItem,
        lambda value, encode: {"attributes": encode(dict(vars(value)))},
        lambda data, decode: StoreItem(**(decode(data.get("attributes")) or {})),
    )
    for name in sorted(dir(schema)):
        model = getattr(schema, name)
        if isinstance(model, type) and issubclass(model, Model) and model is not Model:
            codec.register(
                f"botbuilder.schema.{name}",
                model,
                lambda value, _e: {"data": model_to_json(value)},
                _model_from_json(model),
            )


_FACTORY_OPTIONS = frozenset(vars(ChoiceFactoryOptions()))


def _model_from_json(model: type[Model]) -> FromJSON:
    def from_json(data: dict[str, JSONValue], _decode: Decode) -> Any:
        return model.deserialize(data.get("data") or {})  # type: ignore[no-untyped-call]

    return from_json


def _text(data: dict[str, JSONValue], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise StateDecodeError(f"state codec: field {name!r} must be a string, not {value!r}")
    return value


def _number(data: dict[str, JSONValue], name: str) -> float:
    value = data.get(name)
    if type(value) not in (int, float):
        raise StateDecodeError(f"state codec: field {name!r} must be a number, not {value!r}")
    return float(value)  # type: ignore[arg-type]
