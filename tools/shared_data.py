"""Reading ../shared/data's archives, for the scripts in tools/ that build resources from them:
the members of a tar, MTGJSON's per-set documents and Forge edition headers, read one way."""

from __future__ import annotations

import json
import tarfile
from collections.abc import Iterator
from pathlib import Path


def members(path: Path, suffix: str) -> Iterator[tuple[str, bytes]]:
    """(name, bytes) of the tar's regular files whose names end in `suffix`, in archive order."""
    with tarfile.open(path) as tf:
        for member in tf:
            if member.isfile() and member.name.endswith(suffix):
                yield member.name, tf.extractfile(member).read()


def mtgjson_set_documents(path: Path) -> Iterator[tuple[str, dict]]:
    """(member name, `data`) of each MTGJSON set file that names its set code."""
    for name, raw in members(path, ".json"):
        try:
            data = json.loads(raw).get("data")
        except (ValueError, AttributeError):
            continue  # allSets.json is an empty file
        if isinstance(data, dict) and isinstance(data.get("code"), str):
            yield name, data


def forge_edition_header(raw: bytes) -> dict[str, str]:
    """A Forge edition file's `key=value` lines before `[cards]`, keys lower-cased."""
    meta: dict[str, str] = {}
    for line in raw.decode("utf-8", "replace").splitlines():
        if line.strip().lower() == "[cards]":
            break
        key, sep, value = line.partition("=")
        if sep:
            meta[key.strip().lower()] = value.strip()
    return meta
