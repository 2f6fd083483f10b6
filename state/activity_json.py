"""Bot Framework activities to and from JSON, fast.

msrest, which botbuilder's models are built on, serialises an activity with an Adaptive Card in
milliseconds (it validates every field against its type table, with regular expressions, on
every call): more than the rest of an ERA turn. These functions walk the same attribute maps
(`_attribute_map`: python name -> JSON key and type) directly. Reading is strict: a field of the
wrong JSON type is a ValueError (the endpoint answers 400), never a half-built activity.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import UTC, datetime
from enum import Enum
from typing import Any

import orjson
from botbuilder import schema
from msrest.serialization import Model

_MODELS: dict[str, type[Model]] = {
    name: value for name, value in vars(schema).items()
    if isinstance(value, type) and issubclass(value, Model)
}
_SCALARS = {"str": str, "bool": bool, "int": int, "float": (int, float)}


def to_json(value: Any) -> Any:
    """A model (an Activity, a card, ...) or any value holding models, as plain JSON values.
    None fields are left out, as msrest does."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, Model):
        out: dict[str, Any] = {}
        for name, spec in type(value)._attribute_map.items():
            field = getattr(value, name, None)
            if field is not None:
                out[spec["key"]] = to_json(field)
        extra = getattr(value, "additional_properties", None)
        if extra:
            for key, field in extra.items():
                out.setdefault(key, to_json(field))
        return out
    if isinstance(value, datetime):
        return _iso(value)
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, type):  # the SDK's trace activities carry value_type=type(value)
        return value.__name__
    if isinstance(value, list | tuple):
        return [to_json(item) for item in value]
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")


def to_json_text(value: Any) -> str:
    """`to_json(value)` as JSON text, in one pass of orjson's encoder (a card's nested dicts are
    not copied first): what goes on the wire and into the stored replies. orjson writes a help
    card in a third of the standard library's time; dates and dataclasses still go through
    `_plain`, so the text says what the standard encoder said."""
    return orjson.dumps(value, default=_plain, option=_ORJSON_OPTIONS).decode()


def _plain(value: Any) -> Any:
    """The JSON encoder's fallback for what it cannot write itself (one level at a time)."""
    if isinstance(value, Model):
        out: dict[str, Any] = {}
        fields = value.__dict__
        for name, key in _json_keys(type(value)):
            field = fields.get(name)
            if field is not None:
                out[key] = field
        extra = getattr(value, "additional_properties", None)
        if extra:
            for key, field in extra.items():
                out.setdefault(key, field)
        return out
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return _iso(value)
    if isinstance(value, type):
        return value.__name__
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")


@functools.cache
def _json_keys(cls: type[Model]) -> tuple[tuple[str, str], ...]:
    """(python name, JSON key) of each field a model can have."""
    return tuple((name, spec["key"]) for name, spec in cls._attribute_map.items())


_ORJSON_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


def activity_from_json(data: Any) -> schema.Activity:
    """An Activity from its JSON form; ValueError names the first malformed field."""
    activity = _build(schema.Activity, data, "activity")
    assert isinstance(activity, schema.Activity)
    return activity


def _build(cls: type[Model], data: Any, where: str) -> Model:
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be an object")
    table = _fields(cls)
    fields: dict[str, Any] = {}
    # Keys the model does not name are kept, as msrest keeps them: a Teams mention's
    # `mentioned` and `text`, a clientInfo entity's `locale` and `timezone` live there.
    extra: dict[str, Any] = {}
    # Walks the keys the JSON has (about ten for an inbound message), not the ~45 an Activity
    # can have; the path a field is at is spelled out only for an error or a nested model.
    for key, raw in data.items():
        targets = table.get(key)
        if targets is None:
            extra[key] = raw
        elif raw is not None:
            for name, convert in targets:
                fields[name] = convert(raw, where, key)
    model = cls(**fields)
    if extra:
        model.additional_properties = extra
    return model


_Convert = Callable[[Any, str, str], Any]


@functools.cache
def _fields(cls: type[Model]) -> dict[str, tuple[tuple[str, _Convert], ...]]:
    """JSON key -> the python names it fills and how its value is read (one key may fill two)."""
    table: dict[str, tuple[tuple[str, _Convert], ...]] = {}
    for name, spec in cls._attribute_map.items():
        table[spec["key"]] = (*table.get(spec["key"], ()), (name, _converter(spec["type"])))
    return table


@functools.cache
def _converter(kind: str) -> _Convert:
    """How a value of msrest type `kind` is read: (raw, where, key) -> value, where.key being
    the path named in a ValueError."""
    if kind == "object":
        return lambda raw, _where, _key: raw
    if kind.startswith("["):
        item = _converter(kind[1:-1])

        def read_list(raw: Any, where: str, key: str) -> Any:
            if not isinstance(raw, list):
                raise ValueError(f"{where}.{key} must be a list")
            return [item(each, where, key) for each in raw]

        return read_list
    if kind.startswith("{"):
        value = _converter(kind[1:-1])

        def read_dict(raw: Any, where: str, key: str) -> Any:
            if not isinstance(raw, dict):
                raise ValueError(f"{where}.{key} must be an object")
            return {k: value(v, where, key) for k, v in raw.items()}

        return read_dict
    if kind == "iso-8601":

        def read_moment(raw: Any, where: str, key: str) -> Any:
            if not isinstance(raw, str):
                raise ValueError(f"{where}.{key} must be a date-time string")
            try:
                return datetime.fromisoformat(raw)
            except ValueError as error:
                raise ValueError(f"{where}.{key} is not an ISO 8601 date-time") from error

        return read_moment
    scalar = _SCALARS.get(kind)
    if scalar is not None:
        strict_bool = kind != "bool"

        def read_scalar(raw: Any, where: str, key: str) -> Any:
            if not isinstance(raw, scalar) or (strict_bool and isinstance(raw, bool)):
                raise ValueError(f"{where}.{key} must be a {kind}")
            return raw

        return read_scalar
    model = _MODELS.get(kind)
    if model is None:
        return lambda raw, _where, _key: raw
    return lambda raw, where, key: _build(model, raw, f"{where}.{key}")


def _iso(moment: datetime) -> str:
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    text = moment.strftime("%Y-%m-%dT%H:%M:%S")
    if moment.microsecond:
        text += f".{moment.microsecond:06d}".rstrip("0")
    return text + "Z"
