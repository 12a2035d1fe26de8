"""The public API as a newcomer meets it: ``__all__`` holds every name the API reference
page documents, each one resolves, and signatures show a preset's name as a default
(``rules: Rules = STANDARD``), never the dataclass's 600-character repr."""

from __future__ import annotations

import inspect

import ginrules
from ginrules.rules import NAMED, STANDARD


def test_every_public_name_resolves_and_dir_lists_it() -> None:
    for name in ginrules.__all__:
        assert getattr(ginrules, name) is not None, name
    assert set(ginrules.__all__) <= set(dir(ginrules))
    for name in ("Deal", "play_deal", "get_player", "GoodPlayer", "hand_report"):
        assert name in ginrules.__all__


def test_signatures_name_the_presets() -> None:
    for name in ginrules.__all__:
        obj = getattr(ginrules, name)
        targets = [obj, *vars(obj).values()] if inspect.isclass(obj) else [obj]
        for target in targets:
            target = getattr(target, "__func__", target)
            if not callable(target):
                continue
            try:
                signature = str(inspect.signature(target))
            except (TypeError, ValueError):
                continue
            assert "= Rules(" not in signature, (name, signature)
    assert "rules: 'Rules' = STANDARD)" in str(inspect.signature(ginrules.best_arrangement))


def test_a_rules_repr_is_its_name_or_what_differs() -> None:
    for name, rules in NAMED.items():
        assert repr(rules) == name
    changed = STANDARD.replace(gin_bonus=20, name="house")
    assert repr(changed) == "STANDARD.replace(name='house', gin_bonus=20)"
    assert eval(repr(changed), vars(ginrules)) == changed
