"""Tree -> canonical query text. Parsing the printed text gives an equal tree (a property test
holds us to it), and the canonical text of a term is its cache key."""

from __future__ import annotations

from deckeditor.search.tree import And, Bare, Empty, Keyed, Node, Not, Or


def to_text(node: Node) -> str:
    if isinstance(node, Empty):
        return ""
    if isinstance(node, Keyed):
        return f"{node.key}{node.op}{_value(node.value, node.kind)}"
    if isinstance(node, Bare):
        return ("!" if node.exact else "") + _value(node.value, node.kind)
    if isinstance(node, Not):
        inner = node.item
        return "-" + (f"({to_text(inner)})" if isinstance(inner, (And, Or)) else to_text(inner))
    if isinstance(node, And):
        return " ".join(_child(item, nested=(And, Or)) for item in node.items)
    if isinstance(node, Or):
        return " or ".join(_child(item, nested=(Or,)) for item in node.items)
    raise TypeError(f"not a query node: {node!r}")


def _child(node: Node, nested: tuple[type, ...]) -> str:
    # `a b or c` needs no parentheses; an OR inside an AND (or a group the user wrote around an
    # AND inside an AND) does, so the re-parsed tree has the same shape.
    text = to_text(node)
    return f"({text})" if isinstance(node, nested) else text


def _value(value: str, kind: str) -> str:
    if kind == "regex":
        return f"/{value}/"
    if kind == "quoted":
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return value
