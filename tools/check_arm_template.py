"""Check an Azure Resource Manager (ARM) template offline: `python -m tools.check_arm_template`.

`az deployment group validate` needs a subscription, and the Bicep compiler is a .NET binary
that cannot be installed here, so ERA's template is plain ARM JSON checked by this module
instead. It parses every `[...]` template expression and evaluates it for a given set of
parameter values (the functions ERA's template uses, nothing more: an unknown function is an
error), then checks the structure: parameter types, defaults and allowed values, no secret
defaults, every parameter and variable declared and used, resource types, API versions and
names, dependsOn entries that point at resources of the template, children that depend on
their parent, and a dependsOn for every resource whose keys or properties another one reads
with listKeys() or reference(), at the API version the template deploys it with.

`reference()` and `listKeys()` read a deployed resource, so their values come from `stand_ins`
(for example {"reference:Microsoft.DocumentDB/databaseAccounts": {"documentEndpoint": ...}});
without one they evaluate to an `Unresolved` marker. `app_settings` evaluates the web app's
settings, which is how the tests check them against config.py.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.errors import EraError

TEMPLATE_SCHEMA = "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#"
PARAMETERS_SCHEMA = (
    "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#"
)
TOP_LEVEL_KEYS = frozenset({
    "$schema", "contentVersion", "apiProfile", "definitions", "functions", "languageVersion",
    "metadata", "parameters", "variables", "resources", "outputs",
})
PARAMETER_TYPES = frozenset({"string", "securestring", "int", "bool", "object", "secureObject",
                             "array"})
SECURE_TYPES = frozenset({"securestring", "secureObject"})
API_VERSION = re.compile(r"^\d{4}-\d{2}-\d{2}(-preview)?$")
RESOURCE_TYPE = re.compile(r"^[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)+(/[A-Za-z0-9]+)+$")
CONTENT_VERSION = re.compile(r"^\d+(\.\d+){3}$")
# What the deployment looks like from inside, for resourceGroup() / subscription() / resourceId().
SUBSCRIPTION_ID = "00000000-0000-0000-0000-000000000000"
TENANT_ID = "11111111-1111-1111-1111-111111111111"
RESOURCE_GROUP = "era-rg"
RESOURCE_GROUP_LOCATION = "westeurope"


class TemplateError(EraError):
    """An expression that does not parse or cannot be evaluated; the message says which."""


@dataclass(frozen=True)
class Unresolved:
    """A value only Azure knows at deployment time (a reference() or listKeys() result)."""

    description: str

    def __str__(self) -> str:
        return f"<{self.description}>"


# ---- expressions -----------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+)|"
                    r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<punct>[(),.\[\]]))")


@dataclass(frozen=True)
class Call:
    """A function call in an expression: name(args...)."""

    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Literal:
    """A string or integer literal."""

    value: str | int


@dataclass(frozen=True)
class Member:
    """Property access (`.name`) or indexing (`[expr]`) on a value."""

    target: Node
    key: Node


Node = Call | Literal | Member


def is_expression(value: Any) -> bool:
    """Whether a template string is an expression ("[...]"; "[[" escapes a literal bracket)."""
    return (isinstance(value, str) and value.startswith("[") and value.endswith("]")
            and not value.startswith("[["))


def parse_expression(text: str) -> Node:
    """Parse the inside of "[...]" into a tree; raises TemplateError on bad syntax."""
    tokens: list[tuple[str, str]] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            if not text[position:].strip():
                break
            raise TemplateError(f"cannot read {text!r} at {text[position:][:20]!r}")
        kind = match.lastgroup or ""
        tokens.append((kind, match.group(kind)))
        position = match.end()
    parser = _Parser(tokens, text)
    node = parser.expression()
    if parser.index != len(tokens):
        raise TemplateError(f"unexpected {tokens[parser.index][1]!r} in {text!r}")
    return node


@dataclass
class _Parser:
    tokens: list[tuple[str, str]]
    text: str
    index: int = 0

    def _peek(self) -> str:
        return self.tokens[self.index][1] if self.index < len(self.tokens) else ""

    def _take(self, expected: str | None = None) -> tuple[str, str]:
        if self.index >= len(self.tokens):
            raise TemplateError(f"{self.text!r} ends too early")
        token = self.tokens[self.index]
        if expected is not None and token[1] != expected:
            raise TemplateError(f"expected {expected!r} in {self.text!r}, got {token[1]!r}")
        self.index += 1
        return token

    def expression(self) -> Node:
        kind, value = self._take()
        node: Node
        if kind == "string":
            node = Literal(value[1:-1].replace("''", "'"))
        elif kind == "number":
            node = Literal(int(value))
        elif kind == "name":
            self._take("(")
            args: list[Node] = []
            while self._peek() != ")":
                args.append(self.expression())
                if self._peek() != ")":
                    self._take(",")
            self._take(")")
            node = Call(value, tuple(args))
        else:
            raise TemplateError(f"unexpected {value!r} in {self.text!r}")
        while self._peek() in {".", "["}:
            if self._take()[1] == ".":
                node = Member(node, Literal(self._take()[1]))
            else:
                node = Member(node, self.expression())
                self._take("]")
        return node


def walk(node: Node) -> Iterator[Node]:
    """Every node of an expression tree, the root first."""
    yield node
    if isinstance(node, Call):
        for arg in node.args:
            yield from walk(arg)
    elif isinstance(node, Member):
        yield from walk(node.target)
        yield from walk(node.key)


def arm_string(value: Any) -> str:
    """A value as ARM's string() and format() render it (booleans are True / False)."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, dict | list):
        return json.dumps(value, separators=(",", ":"))
    return str(value)


def resource_id(resource_type: str, *names: str) -> str:
    """The id resourceId() gives a resource of this template's resource group."""
    namespace, *kinds = resource_type.split("/")
    if len(kinds) != len(names):
        raise TemplateError(
            f"resourceId('{resource_type}', ...) needs {len(kinds)} name(s), got {len(names)}"
        )
    path = "/".join(f"{kind}/{name}" for kind, name in zip(kinds, names, strict=True))
    return (f"/subscriptions/{SUBSCRIPTION_ID}/resourceGroups/{RESOURCE_GROUP}/providers/"
            f"{namespace}/{path}")


def type_of_id(value: str) -> str:
    """The resource type inside a resource id ("Microsoft.Web/sites" for .../sites/app)."""
    tail = value.split("/providers/", 1)[-1].split("/")
    return "/".join([tail[0], *tail[1::2]])


@dataclass
class Evaluator:
    """Evaluates expressions for one set of parameter values."""

    template: Mapping[str, Any]
    parameters: Mapping[str, Any]
    stand_ins: Mapping[str, Any] = field(default_factory=dict)
    _variables: dict[str, Any] = field(default_factory=dict)
    _evaluating: set[str] = field(default_factory=set)

    def value(self, item: Any) -> Any:
        """A template value with every expression in it evaluated (objects and lists too)."""
        if is_expression(item):
            return self.evaluate(parse_expression(item[1:-1]))
        if isinstance(item, str) and item.startswith("[["):
            return item[1:]
        if isinstance(item, dict):
            return {key: self.value(inner) for key, inner in item.items()}
        if isinstance(item, list):
            return [self.value(inner) for inner in item]
        return item

    def evaluate(self, node: Node) -> Any:
        """The value of one parsed expression."""
        if isinstance(node, Literal):
            return node.value
        if isinstance(node, Member):
            return self._member(self.evaluate(node.target), self.evaluate(node.key))
        if node.name == "if":
            if len(node.args) != 3:
                raise TemplateError("if() takes a condition and two values")
            # ARM evaluates only the branch it takes, so a false branch may name absent things.
            chosen = node.args[1] if self._bool(self.evaluate(node.args[0])) else node.args[2]
            return self.evaluate(chosen)
        function = self._functions().get(node.name)
        if function is None:
            raise TemplateError(f"{node.name}() is not a function this checker knows")
        return function(*(self.evaluate(arg) for arg in node.args))

    @staticmethod
    def _member(target: Any, key: Any) -> Any:
        if isinstance(target, Unresolved):
            return Unresolved(f"{target.description}.{key}")
        try:
            return target[key]
        except (KeyError, IndexError, TypeError) as exc:
            raise TemplateError(f"{arm_string(target)!r} has no {key!r}") from exc

    @staticmethod
    def _bool(value: Any) -> bool:
        if not isinstance(value, bool):
            raise TemplateError(f"expected true or false, got {value!r}")
        return value

    def _functions(self) -> dict[str, Callable[..., Any]]:
        return {
            "parameters": self._parameter,
            "variables": self._variable,
            "concat": _concat,
            "format": _format,
            "equals": lambda a, b: a == b,
            "not": lambda a: not self._bool(a),
            "and": lambda *items: all(self._bool(item) for item in items),
            "or": lambda *items: any(self._bool(item) for item in items),
            "empty": lambda a: len(a) == 0,
            "toLower": lambda a: str(a).lower(),
            "toUpper": lambda a: str(a).upper(),
            "string": arm_string,
            "int": int,
            "uniqueString": _unique_string,
            "resourceGroup": lambda: {
                "id": f"/subscriptions/{SUBSCRIPTION_ID}/resourceGroups/{RESOURCE_GROUP}",
                "name": RESOURCE_GROUP,
                "location": RESOURCE_GROUP_LOCATION,
            },
            "subscription": lambda: {
                "id": f"/subscriptions/{SUBSCRIPTION_ID}",
                "subscriptionId": SUBSCRIPTION_ID,
                "tenantId": TENANT_ID,
            },
            "resourceId": resource_id,
            "reference": lambda target, *_: self._deployed("reference", target),
            "listKeys": lambda target, *_: self._deployed("listKeys", target),
        }

    def _parameter(self, name: str) -> Any:
        if name not in self.template.get("parameters", {}):
            raise TemplateError(f"parameters('{name}') is not declared")
        if name not in self.parameters:
            raise TemplateError(f"parameter {name!r} has no value")
        return self.parameters[name]

    def _variable(self, name: str) -> Any:
        declared = self.template.get("variables", {})
        if name not in declared:
            raise TemplateError(f"variables('{name}') is not declared")
        if name not in self._variables:
            if name in self._evaluating:
                raise TemplateError(f"variable {name!r} refers to itself")
            self._evaluating.add(name)
            self._variables[name] = self.value(declared[name])
            self._evaluating.discard(name)
        return self._variables[name]

    def _deployed(self, function: str, target: str) -> Any:
        kind = type_of_id(target)
        return self.stand_ins.get(f"{function}:{kind}", Unresolved(f"{function}({kind})"))


def _concat(*items: Any) -> Any:
    if items and all(isinstance(item, list) for item in items):
        return [value for item in items for value in item]
    return "".join(arm_string(item) for item in items)


def _format(pattern: str, *args: Any) -> str:
    def substitute(match: re.Match[str]) -> str:
        index = int(match.group(1))
        if index >= len(args):
            raise TemplateError(f"format({pattern!r}) has no argument {index}")
        return arm_string(args[index])

    return re.sub(r"\{(\d+)\}", substitute, pattern)


def _unique_string(*items: Any) -> str:
    # Same shape as Azure's (13 lower-case characters, stable for the same input); not its hash.
    digest = hashlib.sha256("|".join(arm_string(item) for item in items).encode()).digest()
    return base64.b32encode(digest).decode().lower()[:13]


# ---- parameters --------------------------------------------------------------------------------

_LITERAL_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "securestring": (str,), "int": (int,), "bool": (bool,),
    "object": (dict,), "secureObject": (dict,), "array": (list,),
}


def _type_problem(name: str, kind: str, value: Any) -> str | None:
    expected = _LITERAL_TYPES.get(kind, ())
    if isinstance(value, Unresolved) or is_expression(value):
        return None
    if kind == "int" and isinstance(value, bool):
        return f"parameter {name!r} is an int but got {value!r}"
    if not isinstance(value, expected):
        return f"parameter {name!r} is a {kind} but got {value!r}"
    return None


def _limit_problems(name: str, spec: Mapping[str, Any], value: Any) -> list[str]:
    problems = []
    if "allowedValues" in spec and value not in spec["allowedValues"]:
        problems.append(f"parameter {name!r} = {value!r} is not one of {spec['allowedValues']}")
    if isinstance(value, str | list) and not isinstance(value, Unresolved):
        if len(value) < spec.get("minLength", 0):
            problems.append(f"parameter {name!r} is shorter than minLength {spec['minLength']}")
        if "maxLength" in spec and len(value) > spec["maxLength"]:
            problems.append(f"parameter {name!r} is longer than maxLength {spec['maxLength']}")
    if isinstance(value, int) and not isinstance(value, bool):
        if "minValue" in spec and value < spec["minValue"]:
            problems.append(f"parameter {name!r} = {value} is below minValue {spec['minValue']}")
        if "maxValue" in spec and value > spec["maxValue"]:
            problems.append(f"parameter {name!r} = {value} is above maxValue {spec['maxValue']}")
    return problems


def declaration_problems(template: Mapping[str, Any]) -> list[str]:
    """Problems with the parameter declarations themselves."""
    problems = []
    for name, spec in template.get("parameters", {}).items():
        kind = spec.get("type")
        if kind not in PARAMETER_TYPES:
            problems.append(f"parameter {name!r} has unknown type {kind!r}")
            continue
        if not spec.get("metadata", {}).get("description"):
            problems.append(f"parameter {name!r} has no metadata.description")
        if "defaultValue" not in spec:
            continue
        default = spec["defaultValue"]
        if kind in SECURE_TYPES and default not in ("", {}):
            problems.append(f"secure parameter {name!r} has a default: secrets stay out of files")
        problem = _type_problem(name, kind, default)
        if problem:
            problems.append(problem)
        elif not is_expression(default):
            problems += _limit_problems(name, spec, default)
    return problems


def resolve_parameters(
    template: Mapping[str, Any], given: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """Each parameter's value (given, else its default evaluated) and the problems found."""
    declared = template.get("parameters", {})
    problems = [f"{name!r} is not a parameter of the template" for name in given
                if name not in declared]
    values: dict[str, Any] = {}
    evaluator = Evaluator(template, values)
    for name, spec in declared.items():
        if name in given:
            value = given[name]
        elif "defaultValue" in spec:
            try:
                value = evaluator.value(spec["defaultValue"])
            except TemplateError as exc:
                problems.append(f"default of parameter {name!r}: {exc}")
                continue
        else:
            problems.append(f"parameter {name!r} needs a value (it has no default)")
            continue
        problem = _type_problem(name, spec.get("type", ""), value)
        problems += [problem] if problem else _limit_problems(name, spec, value)
        values[name] = value
    return values, problems


def read_parameters_file(document: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The values in a deployment parameters file ({"parameters": {name: {"value": v}}})."""
    problems = []
    if document.get("$schema") != PARAMETERS_SCHEMA:
        problems.append(f"$schema must be {PARAMETERS_SCHEMA}")
    values = {}
    for name, entry in document.get("parameters", {}).items():
        if not isinstance(entry, dict) or "value" not in entry:
            problems.append(f"parameters.{name} must be an object with a value")
        else:
            values[name] = entry["value"]
    return values, problems


# ---- structure ---------------------------------------------------------------------------------


def _strings(item: Any) -> Iterator[str]:
    if isinstance(item, str):
        yield item
    elif isinstance(item, dict):
        for inner in item.values():
            yield from _strings(inner)
    elif isinstance(item, list):
        for inner in item:
            yield from _strings(inner)


def _parsed(item: Any, problems: list[str], where: str) -> list[Node]:
    nodes = []
    for text in _strings(item):
        if is_expression(text):
            try:
                nodes.append(parse_expression(text[1:-1]))
            except TemplateError as exc:
                problems.append(f"{where}: {exc}")
    return nodes


def _usage_problems(template: Mapping[str, Any], problems: list[str]) -> None:
    sections = {
        "parameters": template.get("parameters", {}),
        "variables": template.get("variables", {}),
    }
    used: dict[str, set[str]] = {"parameters": set(), "variables": set()}
    everything = [template.get(key) for key in ("variables", "resources", "outputs")]
    everything += [spec.get("defaultValue") for spec in sections["parameters"].values()]
    for node in (n for tree in _parsed(everything, problems, "expression") for n in walk(tree)):
        if isinstance(node, Call) and node.name in used and node.args:
            arg = node.args[0]
            if isinstance(arg, Literal) and isinstance(arg.value, str):
                used[node.name].add(arg.value)
    for section, names in used.items():
        problems += [f"{section}('{name}') is used but not declared"
                     for name in sorted(names - set(sections[section]))]
        problems += [f"{section[:-1]} {name!r} is declared but never used"
                     for name in sorted(set(sections[section]) - names)]


def _deployed_reads(resource: Mapping[str, Any], evaluator: Evaluator,
                    problems: list[str]) -> list[tuple[str, str]]:
    """(resource id, api version) of every reference()/listKeys() call in a resource."""
    reads = []
    for tree in _parsed({k: v for k, v in resource.items() if k != "dependsOn"}, [], ""):
        for node in walk(tree):
            if isinstance(node, Call) and node.name in {"reference", "listKeys"} and node.args:
                try:
                    target = evaluator.evaluate(node.args[0])
                    version = evaluator.evaluate(node.args[1]) if len(node.args) > 1 else ""
                except TemplateError as exc:
                    problems.append(f"{node.name}(): {exc}")
                    continue
                reads.append((str(target), str(version)))
    return reads


def structure_problems(template: Mapping[str, Any], parameters: Mapping[str, Any]) -> list[str]:
    """Problems with the template's shape, evaluated for these parameter values."""
    problems = []
    if template.get("$schema") != TEMPLATE_SCHEMA:
        problems.append(f"$schema must be {TEMPLATE_SCHEMA}")
    if not CONTENT_VERSION.match(str(template.get("contentVersion", ""))):
        problems.append("contentVersion must look like 1.0.0.0")
    problems += [f"unknown top-level key {key!r}" for key in sorted(set(template) - TOP_LEVEL_KEYS)]
    resources = template.get("resources")
    if not isinstance(resources, list) or not resources:
        return [*problems, "resources must be a non-empty list"]
    _usage_problems(template, problems)
    evaluator = Evaluator(template, parameters)
    declared: dict[str, str] = {}
    named: list[tuple[str, dict[str, Any]]] = []
    for i, resource in enumerate(resources):
        where = f"resources[{i}]"
        missing = [key for key in ("type", "apiVersion", "name") if key not in resource]
        if missing:
            problems.append(f"{where} has no {', '.join(missing)}")
            continue
        kind, version = resource["type"], resource["apiVersion"]
        if not RESOURCE_TYPE.match(kind):
            problems.append(f"{where}: {kind!r} is not a resource type")
            continue
        if not API_VERSION.match(version):
            problems.append(f"{where}: apiVersion {version!r} is not a date version")
        try:
            name = str(evaluator.value(resource["name"]))
            if "condition" in resource:
                Evaluator._bool(evaluator.value(resource["condition"]))
        except TemplateError as exc:
            problems.append(f"{where} ({kind}): {exc}")
            continue
        segments = name.split("/")
        if len(segments) != kind.count("/") or not all(segments):
            problems.append(f"{where}: name {name!r} needs one segment per level of {kind}")
            continue
        rid = resource_id(kind, *segments)
        if rid in declared:
            problems.append(f"{where}: {kind} {name!r} is declared twice")
        declared[rid] = version
        named.append((rid, resource))
    for rid, resource in named:
        problems += _resource_problems(rid, resource, evaluator, declared)
    for name, output in template.get("outputs", {}).items():
        if "type" not in output or "value" not in output:
            problems.append(f"output {name!r} needs a type and a value")
            continue
        try:
            evaluator.value(output["value"])
        except TemplateError as exc:
            problems.append(f"output {name!r}: {exc}")
    return problems


def _resource_problems(rid: str, resource: Mapping[str, Any], evaluator: Evaluator,
                       declared: Mapping[str, str]) -> list[str]:
    where = f"{resource['type']} {rid.rsplit('/providers/', 1)[-1]}"
    problems = []
    depends: set[str] = set()
    for entry in resource.get("dependsOn", []):
        try:
            target = str(evaluator.value(entry))
        except TemplateError as exc:
            problems.append(f"{where}: dependsOn: {exc}")
            continue
        if target not in declared:
            problems.append(f"{where} depends on {target}, which the template does not deploy")
        depends.add(target)
    parent = rid.rsplit("/", 2)[0]
    if resource["type"].count("/") > 1 and parent not in depends:
        problems.append(f"{where} must depend on its parent {parent.rsplit('/', 1)[-1]}")
    for target, version in _deployed_reads(resource, evaluator, problems):
        if target not in declared:
            continue
        if target not in depends:
            problems.append(f"{where} reads {type_of_id(target)} but does not depend on it")
        if version != declared[target]:
            problems.append(
                f"{where} reads {type_of_id(target)} at API version {version!r}; the template "
                f"deploys it with {declared[target]!r}"
            )
    try:
        evaluator.value({k: v for k, v in resource.items() if k not in {"dependsOn", "name"}})
    except TemplateError as exc:
        problems.append(f"{where}: {exc}")
    return problems


def template_problems(
    template: Mapping[str, Any], parameters: Mapping[str, Any] | None = None
) -> list[str]:
    """Every problem with the template, checked with these parameter values (else defaults)."""
    problems = declaration_problems(template)
    values, more = resolve_parameters(template, parameters or {})
    problems += more
    if more:
        return problems
    return problems + structure_problems(template, values)


def web_app(template: Mapping[str, Any]) -> dict[str, Any]:
    """The template's one Microsoft.Web/sites resource."""
    sites: list[dict[str, Any]] = [
        r for r in template.get("resources", []) if r.get("type") == "Microsoft.Web/sites"
    ]
    if len(sites) != 1:
        raise TemplateError(f"expected one Microsoft.Web/sites resource, found {len(sites)}")
    return sites[0]


def app_settings(
    template: Mapping[str, Any],
    parameters: Mapping[str, Any],
    stand_ins: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The web app's app settings (name -> value) as they deploy with these parameter values."""
    values, problems = resolve_parameters(template, parameters)
    if problems:
        raise TemplateError("; ".join(problems))
    evaluator = Evaluator(template, values, stand_ins or {})
    settings = web_app(template)["properties"]["siteConfig"]["appSettings"]
    return {entry["name"]: evaluator.value(entry["value"]) for entry in settings}


def main(argv: Sequence[str] | None = None) -> int:
    """Check a template (with a parameters file's values); exit status 0, or 1 with problems."""
    parser = argparse.ArgumentParser(
        prog="python -m tools.check_arm_template",
        description="Check an ARM template offline (see this module's docstring).",
    )
    parser.add_argument("template", type=Path, nargs="?",
                        default=Path("deploymentTemplates/azuredeploy.json"))
    parser.add_argument("--parameters", type=Path,
                        help="a deployment parameters file whose values to check with")
    args = parser.parse_args(argv)
    template = json.loads(args.template.read_text(encoding="utf-8"))
    given: dict[str, Any] = {}
    problems: list[str] = []
    if args.parameters:
        given, problems = read_parameters_file(
            json.loads(args.parameters.read_text(encoding="utf-8"))
        )
        secure = {name for name, spec in template.get("parameters", {}).items()
                  if spec.get("type") in SECURE_TYPES}
        problems += [f"{args.parameters}: secure parameter {name!r} belongs on the command line"
                     for name in sorted(secure & set(given))]
        # Secure values are given on the command line; stand in for them here.
        given.update({name: "<secret>" for name in secure if name not in given and
                      "defaultValue" not in template["parameters"][name]})
    problems += template_problems(template, given)
    if problems:
        print(f"{args.template}: {len(problems)} problem(s)", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"{args.template}: OK ({len(template['resources'])} resources, "
          f"{len(template.get('parameters', {}))} parameters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
