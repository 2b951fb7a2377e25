"""``python -m bench.house_rules_all``: every combination of the house-rule switches that apply to each preset
(about 630,000), each made by ``rules_for``, held to the saved rules' bounds and read back from its stored
form.  The unit test (``ui_tests/test_settings.py``) tries every pair of switches and a sample; this is all of
them, a few minutes.  Prints how many each preset made and refused; exits 1 on a rule set that doesn't read
back as itself."""

from __future__ import annotations

import itertools
import sys
import time

from engine.house_rules import HOUSE_CHOICES, rules_for, switches_for
from engine.rules import preset
from engine.stored_rules import rules_from_dict, rules_to_dict, validate_rules
from ui.settings.model import PRESET_NAMES


def main() -> int:
    bad = 0
    for name in PRESET_NAMES:
        start = time.perf_counter()
        keys = sorted(switches_for(preset(name)))
        made = refused = 0
        for values in itertools.product(*([v for v, _c, _l in HOUSE_CHOICES[k][1]] for k in keys)):
            try:
                rules = rules_for(name, dict(zip(keys, values, strict=True)))
            except ValueError:
                refused += 1
                continue
            validate_rules(rules)
            if rules_from_dict(rules_to_dict(rules)) != rules:
                bad += 1
                print(f"{name}: {dict(zip(keys, values, strict=True))} does not read back as itself")
            made += 1
        print(f"{name}: {made:,} rule sets made, {refused:,} refused ({time.perf_counter() - start:.0f} s)", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
