#!/usr/bin/env python3
"""yacpdb_valid.py SCHEMA FILE... -- every YAML document of the files that is a
chess entry (no `game:` field) must be valid against YACPDB's entry schema.
Prints the faults and "N entries, M invalid"; exit 1 when any is invalid,
77 when Python lacks yaml or jsonschema (the test is skipped then)."""
import json
import sys

try:
    import jsonschema
    import yaml
except ImportError:
    sys.exit(77)

schema = json.loads(open(sys.argv[1]).read().replace('"^(?i)', '"(?i)^'))
validator = jsonschema.Draft7Validator(schema)
entries = invalid = 0
for path in sys.argv[2:]:
    for i, doc in enumerate(yaml.safe_load_all(open(path, encoding="utf-8"))):
        if doc is None or "game" in doc:
            continue  # maat's own games are no YACPDB entries
        entries += 1
        errors = list(validator.iter_errors(doc))
        for e in errors:
            print("%s#%d: %s at %s" % (path, i + 1, e.message, list(e.path)))
        invalid += bool(errors)
print("%d entries, %d invalid" % (entries, invalid))
sys.exit(1 if invalid else 0)
