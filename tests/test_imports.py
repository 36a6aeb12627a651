"""The project's own modules import each other without a circle, Legacy of Yu's
sub-packages only downward, and the web app's Django apps only lower ones."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "campaigns", "config")
YU_ORDER = ("content", "rules", "campaign", "bots", "session", "simulation", "cli")
"""Legacy of Yu's sub-packages (and its command line), lowest first: each imports only those before it."""
APPS = ("campaigns.accounts", "campaigns.sharing", "campaigns", "campaigns.notes")
"""The web app's Django apps, lowest first: each imports only those before it. Accounts knows
nothing of sharing or play, and sharing nothing of play (``campaigns`` holds the other two); the
notes know of play, which tells them of a move only through a signal."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The project modules that ``name`` imports anywhere in its file (inside
    functions and ``TYPE_CHECKING`` blocks too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            # ``from package import module`` imports the module; ``from module import name``
            # imports the module that holds the name.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        yield from (t for t in targets if t in known and t != name)


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def yu_level(name: str) -> int | None:
    """Where a module of ``engine.yu`` stands in :data:`YU_ORDER`; None for the package and ``__main__``."""
    parts = name.split(".")
    if parts[:2] != ["engine", "yu"] or len(parts) < 3 or parts[2] == "__main__":
        return None
    return YU_ORDER.index(parts[2]) if parts[2] in YU_ORDER else None


def app_level(name: str) -> int | None:
    """Where a module of the web app stands in :data:`APPS`: the innermost app whose package holds it."""
    holding = [app for app in APPS if name == app or name.startswith(f"{app}.")]
    return APPS.index(max(holding, key=len)) if holding else None


def upward(
    edges: dict[str, set[str]], level_of: Callable[[str], int | None] = yu_level
) -> list[tuple[str, str]]:
    """Every import of a higher level from a lower one (by default, of a sub-package of
    ``engine.yu`` from a lower one)."""
    found = []
    for name, targets in edges.items():
        level = level_of(name)
        for target in targets:
            other = level_of(target)
            if level is not None and other is not None and other > level:
                found.append((name, target))
    return sorted(found)


def test_the_walk_sees_the_imports() -> None:
    edges = graph()
    assert "engine.yu.rules.actions" in edges["engine.yu.rules.game"]
    assert "engine.yu.rules.game" in edges["engine.yu"]  # a package's own __init__
    assert "campaigns.store" in edges["campaigns.views"]


def test_the_finder_sees_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_imports_itself_through_others() -> None:
    assert cycles(graph()) == []


def test_the_order_check_sees_an_import_upward() -> None:
    edges = {
        "engine.yu.rules.game": {"engine.yu.bots.bots", "engine.yu.content.loader"},
        "engine.yu.bots.bots": {"engine.yu.rules.game"},
    }
    assert upward(edges) == [("engine.yu.rules.game", "engine.yu.bots.bots")]


def test_every_module_of_yu_has_its_place_in_the_order() -> None:
    names = [name for name in graph() if name.startswith("engine.yu.")]
    assert names
    assert [name for name in names if name != "engine.yu.__main__" and yu_level(name) is None] == []


def test_yu_sub_packages_import_only_lower_ones() -> None:
    assert upward(graph()) == []


def test_the_app_check_sees_an_import_upward() -> None:
    edges = {
        "campaigns.store": {"campaigns.sharing.models", "campaigns.accounts.models"},
        "campaigns.sharing.invites": {"campaigns.sharing.models", "campaigns.store"},
        "campaigns.accounts.views": {"campaigns.sharing.forms"},
    }
    assert upward(edges, app_level) == [
        ("campaigns.accounts.views", "campaigns.sharing.forms"),
        ("campaigns.sharing.invites", "campaigns.store"),
    ]


def test_every_app_holds_modules() -> None:
    held = {app_level(name) for name in graph()}
    assert held >= set(range(len(APPS)))


def test_apps_import_only_lower_ones() -> None:
    assert upward(graph(), app_level) == []
