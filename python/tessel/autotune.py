"""@tessel.autotune and @tessel.heuristics, as Triton spells them.

The autotuner benchmarks its configurations with the plugin's timing
events the first time it sees a value of its `key` on a target, keeps the
fastest, and writes it to `autotune.json` in the kernel's cache folder
(cache.py), so that a later process launches the winner without tuning.
Results can be given beforehand: a JSON file of the same form named by
TESSEL_AUTOTUNE_FILE or by `tessel.autotune(..., results_file=...)`, read
before any tuning. Progress goes to standard error (TESSEL_AUTOTUNE_QUIET=1
silences it). Without `configs`, the target plugin's default configurations
for the kernel are tuned (its heuristics, through the ABI's tuning space).
"""
import json
import os
import sys
import threading
import time

from . import cache, runtime
from .jit import JITFunction, jit, time_loaded
from .errors import TesselError


class Config:
    """One configuration: constexpr values and launch options."""

    def __init__(self, kwargs, num_warps=None, num_stages=None, num_ctas=None,
                 maxnreg=None, pre_hook=None):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.pre_hook = pre_hook

    def options(self):
        out = {}
        if self.num_warps:
            out["num_warps"] = self.num_warps
        if self.num_stages:
            out["num_stages"] = self.num_stages
        return out

    def to_json(self):
        return {"kwargs": self.kwargs, "num_warps": self.num_warps or 0,
                "num_stages": self.num_stages or 0}

    @classmethod
    def from_json(cls, value):
        return cls(value["kwargs"], num_warps=value.get("num_warps") or None,
                   num_stages=value.get("num_stages") or None)

    def __str__(self):
        parts = [f"{k}={v}" for k, v in self.kwargs.items()]
        if self.num_warps:
            parts.append(f"num_warps={self.num_warps}")
        if self.num_stages:
            parts.append(f"num_stages={self.num_stages}")
        return ", ".join(parts)

    __repr__ = __str__


def _base(fn):
    while not isinstance(fn, JITFunction):
        fn = fn.fn
    return fn


def _key_value(v):
    dtype = getattr(v, "dtype", None)
    if dtype is not None and not isinstance(v, (int, float)):
        return str(dtype)
    if isinstance(v, (bool, int, float, str)) or v is None:
        return v
    return str(v)


class Autotuner:
    def __init__(self, fn, configs, key, reset_to_zero=None, restore_value=None,
                 warmup=None, rep=None, prune_configs_by=None, results_file=None,
                 do_bench=None, cache_results=True, **_ignored):
        self.fn = fn
        self.base = _base(fn)
        self.__name__ = self.base.__name__
        self.configs = list(configs or [])
        self.keys = list(key or [])
        self.reset_to_zero = list(reset_to_zero or [])
        self.restore_value = list(restore_value or [])
        self.rep_ms = float(rep or 25)
        self.prune_configs_by = prune_configs_by or {}
        self.results_file = results_file
        self.best = {}  # (target, key) -> Config
        self._lock = threading.Lock()
        self._loaded_file = False
        self.tuned = 0  # configurations benchmarked by this process

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def best_config(self, *key_values, target=None):
        """The configuration chosen for these values of `key` (in its
        order) on a target, or None when none was chosen yet."""
        key = json.dumps([_key_value(v) for v in key_values])
        return self.best.get((runtime.get_target(target), key))

    @property
    def results_path(self):
        return os.path.join(cache.kernel_dir(self.__name__, self.base.source_hash),
                            "autotune.json")

    def _read_results(self):
        """Seed files first, then the cache's own results."""
        merged = {}
        for path in (os.environ.get("TESSEL_AUTOTUNE_FILE"), self.results_file,
                     self.results_path):
            if path:
                data = cache.read_json(path)
                for target, entries in data.get(self.__name__, data).items():
                    if isinstance(entries, dict):
                        merged.setdefault(target, {}).update(entries)
        for target, entries in merged.items():
            for k, v in entries.items():
                try:
                    self.best[(target, k)] = Config.from_json(v)
                except (KeyError, TypeError):
                    continue

    def _write_result(self, target, key, config, ms):
        path = self.results_path
        data = cache.read_json(path)
        data.setdefault(target, {})[key] = dict(config.to_json(), ms=ms)
        cache.write_json(path, data)

    def _configs(self, target, named, problem):
        if self.configs:
            configs = self.configs
        else:
            tunables = [p.name for p in self.base.params
                        if p.is_constexpr and p.name not in named]
            space = runtime.tuning_space(target, self.__name__, tunables,
                                         {k: v for k, v in problem.items()
                                          if isinstance(v, int) and not isinstance(v, bool)})
            # Each default configuration, with every candidate value of each
            # tunable it leaves open (the plugin's block-size candidates).
            configs = []
            for d in space["defaults"]:
                partial = [dict(d["values"])]
                for name, candidates in space["params"].items():
                    if name in d["values"] or name in ("num_warps", "num_stages"):
                        continue
                    partial = [dict(p, **{name: v}) for p in partial for v in candidates]
                configs += [Config(p, num_warps=d["num_warps"] or None,
                                   num_stages=d["num_stages"] or None) for p in partial]
        prune = self.prune_configs_by.get("early_config_prune")
        if prune:
            configs = prune(configs, named)
        return configs

    def run(self, *args, grid, target=None, **kwargs):
        named = dict(zip(self.base.arg_names, args))
        named.update({k: v for k, v in kwargs.items() if k in self.base._by_name})
        sel = runtime.select(target)
        problem = {k: named[k] for k in self.keys if k in named}
        key = json.dumps([_key_value(problem.get(k)) for k in self.keys])
        config = self.best.get((sel.target, key))
        if config is None:
            with self._lock:
                if not self._loaded_file:
                    self._read_results()
                    self._loaded_file = True
                config = self.best.get((sel.target, key))
                if config is None:
                    config = self._tune(sel.target, key, args, kwargs, named, problem, grid)
        return self.fn.run(*args, grid=grid, target=target,
                           **dict(kwargs, **config.kwargs, **config.options()))

    def warmup(self, *args, grid=None, target=None, **kwargs):
        """Compiles every configuration (for filling a cache elsewhere)."""
        named = {k: v for k, v in kwargs.items() if k in self.base._by_name}
        problem = {k: v for k, v in zip(self.base.arg_names, args) if k in self.keys}
        out = []
        for config in self._configs(runtime.get_target(target), named, problem):
            out.append(self.fn.warmup(*args, grid=grid, target=target,
                                      **dict(kwargs, **config.kwargs, **config.options())))
        return out

    def _tune(self, target, key, args, kwargs, named, problem, grid):
        configs = self._configs(target, named, problem)
        if not configs:
            raise TesselError(f"autotuning '{self.__name__}': no configurations", 3)
        quiet = os.environ.get("TESSEL_AUTOTUNE_QUIET", "") not in ("", "0")
        say = (lambda text: None) if quiet else (
            lambda text: print(f"tessel autotune {self.__name__} [{key}] on {target}: {text}",
                               file=sys.stderr, flush=True))
        timings = []
        start = time.perf_counter()
        for i, config in enumerate(configs, 1):
            merged = dict(kwargs, **config.kwargs, **config.options())
            try:
                saved = self._save(named)
                self._zero(named)
                loaded = self.fn.run(*args, grid=grid, target=target, **merged)
                ms = time_loaded(self.base, loaded, args, merged, grid, None, self.rep_ms)
                self._restore(named, saved)
            except TesselError as e:
                say(f"config {i}/{len(configs)} ({config}) failed: "
                    f"{str(e).splitlines()[0] if str(e) else e.code_name}")
                continue
            self.tuned += 1
            timings.append((ms, i, config))
            say(f"config {i}/{len(configs)} ({config}): {ms:.4f} ms")
        if not timings:
            raise TesselError(f"autotuning '{self.__name__}': every configuration failed", 3)
        ms, _, best = min(timings, key=lambda t: (t[0], t[1]))
        say(f"best of {len(timings)} in {time.perf_counter() - start:.1f} s: {best} "
            f"({ms:.4f} ms), kept in {self.results_path}")
        self.best[(target, key)] = best
        self._write_result(target, key, best, ms)
        return best

    def _zero(self, named):
        for name in self.reset_to_zero:
            v = named.get(name)
            if hasattr(v, "zero_"):
                v.zero_()
            elif v is not None:
                v[...] = 0

    def _save(self, named):
        out = {}
        for name in self.restore_value:
            v = named.get(name)
            if v is not None:
                out[name] = v.clone() if hasattr(v, "clone") else v.copy()
        return out

    def _restore(self, named, saved):
        for name, copy in saved.items():
            v = named[name]
            if hasattr(v, "copy_"):
                v.copy_(copy)
            else:
                v[...] = copy


def autotune(configs=None, key=(), **options):
    """@tessel.autotune(configs=[tessel.Config(...)], key=["M", "N"])."""
    def wrap(fn):
        return Autotuner(_adopt(fn), configs, key, **options)
    return wrap


class Heuristics:
    """Constexpr values computed from the launch's arguments."""

    def __init__(self, fn, values):
        self.fn = fn
        self.values = dict(values)
        self.__name__ = _base(fn).__name__

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def _complete(self, args, kwargs):
        base = _base(self.fn)
        named = dict(zip(base.arg_names, args))
        named.update(kwargs)
        extra = {}
        for name, rule in self.values.items():
            if name not in kwargs:
                extra[name] = rule(dict(named, **extra))
        return dict(kwargs, **extra)

    def run(self, *args, grid, **kwargs):
        return self.fn.run(*args, grid=grid, **self._complete(args, kwargs))

    def warmup(self, *args, grid=None, **kwargs):
        return self.fn.warmup(*args, grid=grid, **self._complete(args, kwargs))


def heuristics(values):
    def wrap(fn):
        return Heuristics(_adopt(fn), values)
    return wrap


def _adopt(fn):
    """Our object for a function or one of Triton's decorator objects."""
    if isinstance(fn, (JITFunction, Autotuner, Heuristics)):
        return fn
    kind = type(fn).__name__
    if kind == "Autotuner" and hasattr(fn, "configs"):  # triton.autotune
        configs = [Config(c.kwargs, num_warps=c.num_warps, num_stages=c.num_stages)
                   for c in fn.configs]
        return Autotuner(_adopt(fn.fn), configs, list(getattr(fn, "keys", []) or []))
    if kind == "Heuristics" and hasattr(fn, "values"):  # triton.heuristics
        return Heuristics(_adopt(fn.fn), fn.values)
    return jit(fn)
