"""Validates JSON files against a JSON Schema (draft 2020-12) and prints one JSON object:
{"<file>": ["<error>", ...], ...}. Used by the test suite to hold the committed schema and
ManifestLoader to the same verdicts."""
import json
import sys

import jsonschema


def main() -> None:
    schema_path, *files = sys.argv[1:]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    verdicts = {}
    for path in files:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        verdicts[path] = [
            f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message}"
            for error in validator.iter_errors(document)
        ]
    json.dump(verdicts, sys.stdout)


if __name__ == "__main__":
    main()
