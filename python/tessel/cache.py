"""The package's kernel cache: one readable folder per kernel and
specialization.

    <cache root>/python/<kernel>-<source hash>/
        autotune.json                  tuning results, per target and key
        <specialization key>/
            metadata.json              what was compiled, how, for what
            <kernel>.tile.mlir         the tile IR
            <kernel>.ll, .s, .ptx ...  the plugin's kept stages
            <kernel>.so, .cubin ...    the artifact
            <kernel>.tkc               what the runtime loads (checked)

The cache root is the runtime's (TESSEL_CACHE_DIR...). A folder appears
whole or not at all: it is written under a temporary name and renamed.
Loading needs only metadata.json and the .tkc file, whose integrity the
runtime checks against the key; anything unreadable is a miss and is
replaced.
"""
import json
import os
import shutil
import tempfile

from .runtime import cache_dir


def kernel_dir(kernel, source_hash):
    return os.path.join(cache_dir(), "python", f"{kernel}-{source_hash[:16]}")


def spec_dir(kernel, source_hash, key):
    return os.path.join(kernel_dir(kernel, source_hash), key[:32])


def load(path, key):
    """(metadata, entry bytes) of a complete folder for `key`, else None."""
    try:
        with open(os.path.join(path, "metadata.json"), encoding="utf-8") as f:
            metadata = json.load(f)
        if metadata.get("key") != key:
            return None
        with open(os.path.join(path, metadata["entry_file"]), "rb") as f:
            return metadata, f.read()
    except (OSError, ValueError, KeyError):
        return None


def store(path, metadata, entry, files):
    """Writes the folder, replacing any folder of that name."""
    parent = os.path.dirname(path)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".tmp-", dir=parent)
    try:
        metadata = dict(metadata, files=sorted(files))
        for name, data in files.items():
            with open(os.path.join(tmp, os.path.basename(name)), "wb") as f:
                f.write(data)
        with open(os.path.join(tmp, metadata["entry_file"]), "wb") as f:
            f.write(entry)
        with open(os.path.join(tmp, "metadata.json"), "w", encoding="utf-8") as f:
            json.dump(metadata, f, indent=2, sort_keys=True)
            f.write("\n")
        try:
            os.rename(tmp, path)
        except OSError:
            # A folder is there (an older or damaged one, or a concurrent
            # writer's equal one): move it aside and put ours in its place.
            trash = tempfile.mkdtemp(prefix=".old-", dir=parent)
            try:
                os.rename(path, os.path.join(trash, "old"))
            except OSError:
                pass
            try:
                os.rename(tmp, path)
            except OSError:
                shutil.rmtree(tmp, ignore_errors=True)  # another writer won
            shutil.rmtree(trash, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def write_json(path, value):
    """Atomically (a temporary file renamed over `path`)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=os.path.dirname(path))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(value, f, indent=2, sort_keys=True)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
