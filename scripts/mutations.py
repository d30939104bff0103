#!/usr/bin/env python3
"""`make mutations`: plant real runtime mistakes in copies of the shared apps, one at a time,
and count how many `flownav check` names right (issue 30, item 6).

    scripts/mutations.py [--apps DIR] [--flownav PATH] [--max-per-kind N] [--kinds K,…]
                         [--json FILE] [--stats] [--timeout S] [--jobs N] [--list] [APP…]

For each app folder under DIR (default: ../shared/apps beside the repository), the unmutated
app is checked first (`check APP --format json`); then each mistake is planted alone in a copy
of the app under the system's temporary folder, checked, and taken out again. A mistake is
NAMED RIGHT when the copy's report has a warning or error that the unmutated report has not
(rule + message, addresses and paths normalised, the planted rename undone) and whose message
names the mistake: the misspelled name, or for a rename the old selector or identifier the
other side still names (an unreachable-scene warning, which names a scene by its class, does
not count).

This is a measuring tool, not a gate: it exits 1 only when flownav itself failed (an exit
status other than 0 or 1, a signal, a time-out), 2 on a usage error.

The error-level findings on the unmutated apps are compared with scripts/true-crashes.tsv,
where each was read by hand and recorded as a true crash or flagged FALSE; any finding the
list does not have is printed, as are listed ones that no longer appear.
"""

import argparse
import bisect
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRUE_CRASHES = os.path.join(REPO, "scripts", "true-crashes.tsv")
KINDS = ["segue-action", "unwind-action", "custom-class", "perform-segue", "instantiate",
         "storyboard-name", "segue-identifier"]
# The folders flownav's sources reader skips (Sources/FlowSources/SourceFinder.swift).
SKIPPED_DIRS = {"Pods", "Carthage", "build", "DerivedData"}


# ---------------------------------------------------------------------------------------------
# Files: bytes in, bytes out. Text is decoded with surrogateescape so that any byte (non-UTF-8,
# CR) survives the round trip; an edit only inserts ASCII, so everything else stays identical.

class TextFile:
    def __init__(self, root, rel):
        self.rel = rel
        self.path = os.path.join(root, rel)
        with open(self.path, "rb") as f:
            self.data = f.read()
        self.text = self.data.decode("utf-8", "surrogateescape")
        self._lines = None

    def line_of(self, offset):
        if self._lines is None:
            self._lines = [m.start() for m in re.finditer("\n", self.text)]
        return bisect.bisect_left(self._lines, offset) + 1

    def with_edit(self, start, end, replacement):
        return (self.text[:start] + replacement + self.text[end:]).encode("utf-8", "surrogateescape")


def app_files(root):
    swift, storyboards = [], []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames
                             if not d.startswith(".") and d not in SKIPPED_DIRS and not d.endswith("Tests"))
        for name in sorted(filenames):
            rel = os.path.relpath(os.path.join(dirpath, name), root)
            if name.endswith(".swift"):
                swift.append(TextFile(root, rel))
            elif name.endswith(".storyboard"):
                storyboards.append(TextFile(root, rel))
    return swift, storyboards


# ---------------------------------------------------------------------------------------------
# Swift: where the code is. A site inside a comment or a string is not code, so planting a
# mistake there would prove nothing; string literals are skipped with their interpolations
# (which may hold strings of their own) and raw delimiters.

_SWIFT_MARK = re.compile(r'//|/\*|#*"')


def _skip_string(t, i):
    """Index just past the string literal opening at i (at '#' or '"')."""
    n = len(t)
    h = 0
    while i + h < n and t[i + h] == "#":
        h += 1
    q = i + h
    triple = t.startswith('"""', q)
    close = ('"""' if triple else '"') + "#" * h
    escape = "\\" + "#" * h
    j = q + (3 if triple else 1)
    while j < n:
        if t.startswith(close, j):
            return j + len(close)
        if t.startswith(escape, j):
            k = j + len(escape)
            if k < n and t[k] == "(":
                j = _skip_interpolation(t, k)
            else:
                j = k + 1
            continue
        if not triple and t[j] == "\n":
            return j
        j += 1
    return n


def _skip_interpolation(t, k):
    depth, j, n = 0, k, len(t)
    while j < n:
        c = t[j]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        elif c == '"' or (c == "#" and re.match(r'#+"', t[j:j + 8])):
            j = _skip_string(t, j)
            continue
        j += 1
    return n


def swift_non_code(t):
    """Sorted (start, end) spans of comments and string literals."""
    spans, i, n = [], 0, len(t)
    while True:
        m = _SWIFT_MARK.search(t, i)
        if not m:
            return spans
        s = m.start()
        tok = m.group()
        if tok == "//":
            e = t.find("\n", s)
            e = n if e < 0 else e
        elif tok == "/*":
            depth, e = 0, s
            while e < n:
                if t.startswith("/*", e):
                    depth += 1
                    e += 2
                elif t.startswith("*/", e):
                    depth -= 1
                    e += 2
                    if depth == 0:
                        break
                else:
                    e += 1
        else:
            e = _skip_string(t, s)
        spans.append((s, e))
        i = max(e, s + 1)


class SwiftFile:
    def __init__(self, f):
        self.f = f
        self.spans = swift_non_code(f.text)
        self._starts = [s for s, _ in self.spans]

    def is_code(self, offset):
        k = bisect.bisect_right(self._starts, offset) - 1
        return k < 0 or offset >= self.spans[k][1]


# ---------------------------------------------------------------------------------------------
# Storyboards: start tags and their attributes. Xcode writes each tag's attributes on one line.

_TAG = re.compile(r"<([A-Za-z][\w.-]*)\b([^<>]*?)/?>")
_ATTR = re.compile(r'([\w:.-]+)="([^"]*)"')


def tags(f, name=None):
    for m in _TAG.finditer(f.text):
        if name is None or m.group(1) == name:
            attrs = {}
            for a in _ATTR.finditer(m.group(2)):
                attrs[a.group(1)] = (a.group(2), m.start(2) + a.start(2), m.start(2) + a.end(2))
            yield m, attrs


def xml_unescape(s):
    return (s.replace("&quot;", '"').replace("&apos;", "'").replace("&lt;", "<")
            .replace("&gt;", ">").replace("&amp;", "&"))


# ---------------------------------------------------------------------------------------------
# Sites. A mutation is a list of edits (file, start, end, replacement) plus what it is called.

class Mutation:
    def __init__(self, kind, file, line, old, new, edits, old_names=(), new_names=()):
        self.kind, self.file, self.line, self.old, self.new = kind, file, line, old, new
        self.edits = edits               # [(TextFile, start, end, replacement)], at most one per file
        self.old_names = list(old_names)  # names matched as whole words (the other side still says them)
        self.new_names = list(new_names)  # misspelled names, matched as substrings

    def sort_key(self):
        return (self.file, self.line, self.old)


_FUNC_PARAMS = r"func\s+(\w+)\s*(?:<[^>]*>)?\s*\("


def objc_first_pieces(name, label):
    """The first selector piece(s) Swift may derive for a method: `f(_:)` is `f:`; `f(x:)` is
    `fWithX:`, and with a label that is a preposition (`close(bySegue:)`) `closeBySegue:`."""
    if label == "_":
        return {name}
    cap = label[:1].upper() + label[1:]
    return {name + "With" + cap, name + cap}


def first_label(t, open_paren):
    m = re.compile(r"\s*(\w+)(?:\s+(\w+))?\s*:").match(t, open_paren + 1)
    return m.group(1) if m else None


def selector_sites(kind, swift, storyboards, attr, attribute_filter, param_check):
    """Swift methods whose selector a storyboard names in `attr` (destinationCreationSelector or
    unwindAction): rename the method, the storyboard keeps the old selector."""
    named = {}
    for sb in storyboards:
        for m, a in tags(sb, "segue"):
            if attr in a:
                sel = xml_unescape(a[attr][0])
                named.setdefault(sel.split(":")[0], set()).add(sel)
    # Renaming an override (or a method others override) would not compile: no such mistake
    # reaches an app, and the base class's method would answer anyway.
    overridden = set()
    for sf in swift:
        for m in re.finditer(r"\boverride\b[^{};()]*?\bfunc\s+(\w+)", sf.f.text):
            if sf.is_code(m.start()):
                overridden.add(m.group(1))
    out = []
    for sf in swift:
        t = sf.f.text
        for m in re.finditer(_FUNC_PARAMS, t):
            if not sf.is_code(m.start()):
                continue
            # Attributes and modifiers right before `func` (same declaration).
            head_start = max(t.rfind("}", 0, m.start()), t.rfind(";", 0, m.start()),
                             t.rfind("{", 0, m.start())) + 1
            head = t[head_start:m.start()]
            head = re.sub(r"//[^\n]*", "", head)
            if not attribute_filter(head):
                continue
            if re.search(r"@objc\s*\(", head):
                continue  # an explicit selector does not change with the Swift name
            paren = m.end() - 1
            if not param_check(t, paren):
                continue
            label = first_label(t, paren)
            if label is None:
                continue
            name = m.group(1)
            if name in overridden:
                continue
            sels = set()
            for p in objc_first_pieces(name, label):
                sels |= named.get(p, set())
            if not sels:
                continue
            new = name + "Renamed"
            line = sf.f.line_of(m.start(1))
            out.append(Mutation(kind, sf.f.rel, line, name, new,
                                [(sf.f, m.start(1), m.end(1), new)],
                                old_names=sorted(sels)))
    return out


def segue_action_sites(swift, storyboards):
    return selector_sites("segue-action", swift, storyboards, "destinationCreationSelector",
                          lambda head: "@IBSegueAction" in head, lambda t, p: True)


_ONE_SEGUE_PARAM = re.compile(r"\(\s*\w+(?:\s+\w+)?\s*:\s*UIStoryboardSegue\s*\)")


def unwind_action_sites(swift, storyboards):
    return selector_sites("unwind-action", swift, storyboards, "unwindAction",
                          lambda head: True, lambda t, p: bool(_ONE_SEGUE_PARAM.match(t, p)))


_CLASS_DECL = re.compile(r"(?<![\w.])class\s+([A-Za-z_]\w*)\s*[:{<]")


def swift_classes(swift):
    names = set()
    for sf in swift:
        for m in _CLASS_DECL.finditer(sf.f.text):
            if sf.is_code(m.start()):
                names.add(m.group(1))
    return names


def custom_class_sites(swift, storyboards):
    declared = swift_classes(swift)
    out = []
    for sb in storyboards:
        for m, a in tags(sb):
            if "customClass" not in a:
                continue
            cls, s, e = a["customClass"]
            if cls not in declared:
                continue
            if "customModule" in a and a.get("customModuleProvider", ("",))[0] != "target":
                continue
            new = cls + "Renamed"
            out.append(Mutation("custom-class", sb.rel, sb.line_of(s), cls, new,
                                [(sb, s, e, new)], new_names=[new]))
    return out


_LITERAL = r'"([^"\\\n]+)"'
PERFORM = re.compile(r"\bperformSegue\s*\(\s*withIdentifier\s*:\s*" + _LITERAL)
INSTANTIATE = re.compile(r"\binstantiateViewController\s*\(\s*(?:withIdentifier|identifier)\s*:\s*" + _LITERAL)
STORYBOARD = re.compile(r"\bUIStoryboard\s*\(\s*name\s*:\s*" + _LITERAL)


def literal_sites(kind, pattern, swift):
    out = []
    for sf in swift:
        for m in pattern.finditer(sf.f.text):
            if not sf.is_code(m.start()):
                continue
            old = m.group(1)
            new = old + "Typo"
            out.append(Mutation(kind, sf.f.rel, sf.f.line_of(m.start(1)), old, new,
                                [(sf.f, m.start(1), m.end(1), new)], new_names=[new]))
    return out


_IDENT_EQ = [re.compile(r"[iI]dentifier\s*==\s*" + _LITERAL),
             re.compile(_LITERAL + r"\s*==\s*[\w.?!]*[iI]dentifier\b")]
_CASE = re.compile(r'\bcase\s+("[^"\\\n]+"(?:\s*,\s*"[^"\\\n]+")*)\s*:')


def swift_segue_literals(swift):
    """Literals Swift uses as segue identifiers: performSegue, `… identifier == "X"`, `case "X"`."""
    names = set()
    for sf in swift:
        t = sf.f.text
        for p in [PERFORM] + _IDENT_EQ:
            for m in p.finditer(t):
                if sf.is_code(m.start()):
                    names.add(m.group(1))
        for m in _CASE.finditer(t):
            if sf.is_code(m.start()):
                names.update(re.findall(_LITERAL, m.group(1)))
    return names


def segue_identifier_sites(swift, storyboards):
    """One mutation per identifier Swift names: every segue carrying it is renamed, so that the
    identifier Swift uses is gone (renaming one of two segues with the same identifier may be
    no mistake at all)."""
    named = swift_segue_literals(swift)
    by_ident = {}
    for sb in storyboards:
        for m, a in tags(sb, "segue"):
            if "identifier" in a:
                ident, s, e = a["identifier"]
                if xml_unescape(ident) in named:
                    by_ident.setdefault(ident, []).append((sb, s, e))
    out = []
    for ident, places in by_ident.items():
        sb, s, _ = places[0]
        new = ident + "Typo"
        out.append(Mutation("segue-identifier", sb.rel, sb.line_of(s), xml_unescape(ident),
                            xml_unescape(new), [(f, s2, e2, new) for f, s2, e2 in places],
                            old_names=[xml_unescape(ident)]))
    return out


def all_sites(root):
    files, storyboards = app_files(root)
    swift = [SwiftFile(f) for f in files]
    return {
        "segue-action": segue_action_sites(swift, storyboards),
        "unwind-action": unwind_action_sites(swift, storyboards),
        "custom-class": custom_class_sites(swift, storyboards),
        "perform-segue": literal_sites("perform-segue", PERFORM, swift),
        "instantiate": literal_sites("instantiate", INSTANTIATE, swift),
        "storyboard-name": literal_sites("storyboard-name", STORYBOARD, swift),
        "segue-identifier": segue_identifier_sites(swift, storyboards),
    }


def pick(sites, n):
    """n sites spread evenly over the sorted list (first and last included): deterministic, and
    not only the first file's."""
    sites = sorted(sites, key=Mutation.sort_key)
    if n <= 0 or len(sites) <= n:
        return sites
    if n == 1:
        return sites[:1]
    return [sites[round(i * (len(sites) - 1) / (n - 1))] for i in range(n)]


def apply_edits(m):
    """Write the mutated files; returns what to write back."""
    by_file = {}
    for f, s, e, r in m.edits:
        by_file.setdefault(f.rel, (f, []))[1].append((s, e, r))
    undo = []
    for rel, (f, edits) in by_file.items():
        text = f.text
        for s, e, r in sorted(edits, reverse=True):
            text = text[:s] + r + text[e:]
        with open(f.path, "wb") as out:
            out.write(text.encode("utf-8", "surrogateescape"))
        undo.append(f)
    return undo


def undo_edits(files):
    for f in files:
        with open(f.path, "wb") as out:
            out.write(f.data)


# ---------------------------------------------------------------------------------------------
# Running check and comparing reports.

_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def normalise(message, roots):
    for r in roots:
        message = message.replace(r.rstrip("/") + "/", "").replace(r.rstrip("/"), "APP")
    return _ADDRESS.sub("0x…", message)


def run_check(flownav, app, timeout, stats):
    cmd = [flownav, "check", app, "--format", "json"] + (["--stats"] if stats else [])
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "findings": [], "stderr": "", "seconds": timeout}
    seconds = time.monotonic() - t0
    stderr = p.stderr.decode("utf-8", "replace")
    findings = []
    try:
        doc = json.loads(p.stdout.decode("utf-8", "replace"))
        for flow in doc.get("flows", []):
            findings.extend(flow.get("findings", []))
    except ValueError:
        pass
    return {"status": p.returncode, "findings": findings, "stderr": stderr, "seconds": seconds}


def finding_key(f, roots, renames=()):
    """Rule and message; `renames` (new, old) are undone first, so that a finding the unmutated
    app already had, now naming the renamed scene or segue, is not counted as new."""
    message = normalise(f.get("message", ""), roots)
    for new, old in renames:
        message = message.replace(new, old)
    return (f.get("rule", ""), message)


def renames_of(m):
    """The planted name and its lower-camel form (scene names derived from a class), back to the
    old; longest first."""
    pairs = {(m.new, m.old)}
    if m.new[:1].isupper():
        pairs.add((m.new[:1].lower() + m.new[1:], m.old[:1].lower() + m.old[1:]))
    return sorted(pairs, key=lambda p: -len(p[0]))


def relative(path, roots):
    if not path:
        return path
    for r in roots:
        r = r.rstrip("/") + "/"
        if path.startswith(r):
            return path[len(r):]
    return path


def word_in(name, text):
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", text) is not None


def mentions(m, text):
    return any(n in text for n in m.new_names) or any(word_in(n, text) for n in m.old_names)


# Rules that can mention the planted name without stating the mistake: an unreachable scene is
# labelled by its class (so a renamed customClass shows up in it), but the finding says only
# that nothing leads there, not that UIKit does not know the class.
NOT_NAMING = {"unreachable-scene"}


def names_it(m, f, severities=("warning", "error")):
    return (f.get("severity") in severities and f.get("rule") not in NOT_NAMING
            and mentions(m, f.get("message", "")))


def status_ok(s):
    return s in (0, 1)


# ---------------------------------------------------------------------------------------------
# The checked-in list of error-level findings on the unmutated apps.

def read_true_crashes(path):
    """app, rule, message (normalised), verdict (TRUE/FALSE), Swift line, reason; '#' comments."""
    rows = []
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 6 or cols[0] == "app":
                continue
            rows.append({"app": cols[0], "rule": cols[1], "message": cols[2], "verdict": cols[3],
                         "swift": cols[4], "reason": cols[5]})
    return rows


# ---------------------------------------------------------------------------------------------

def writable(root):
    """The shared apps are read-only; their copy must take the edits and be removed after."""
    for dirpath, dirnames, filenames in os.walk(root):
        os.chmod(dirpath, 0o755)
        for name in filenames:
            path = os.path.join(dirpath, name)
            if not os.path.islink(path):
                os.chmod(path, 0o644)


def run_app(app, args, kinds, flownav, work, stream):
    """Check one app unmutated, then with each chosen mistake planted alone in its copy."""
    lines, errs = [], []

    def say(line, err=False):
        if stream:
            sys.stdout.flush()
            print(line, file=sys.stderr if err else sys.stdout, flush=True)
        else:
            (errs if err else lines).append(line)

    original = os.path.join(args.apps_dir, app)
    copy = os.path.join(work, app)
    shutil.copytree(original, copy, symlinks=True)
    writable(copy)
    try:
        roots = [copy, os.path.abspath(original), original]
        sites = all_sites(copy)
        chosen = {k: pick(sites[k], args.max_per_kind) for k in kinds}
        if args.list:
            for k in kinds:
                say("%s %s: %d sites, %d chosen" % (app, k, len(sites[k]), len(chosen[k])))
                for m in chosen[k]:
                    say("    %s:%d %s -> %s" % (m.file, m.line, m.old, m.new))
            return None
        t_app = time.monotonic()
        failures, results = [], []
        base = run_check(flownav, copy, args.timeout, args.stats)
        if not status_ok(base["status"]):
            failures.append((app, "unmutated", base["status"]))
        base_keys = {finding_key(f, roots) for f in base["findings"]}
        errors = [f for f in base["findings"] if f.get("severity") == "error"]
        row = {
            "app": app, "status": base["status"], "seconds": round(base["seconds"], 2),
            "errors": [{"rule": f.get("rule"), "message": normalise(f.get("message", ""), roots),
                        "file": relative(f.get("file"), roots), "line": f.get("line"),
                        "swift": ("%s:%s" % (relative(f["swift"]["file"], roots), f["swift"]["line"])
                                  if f.get("swift") else "")} for f in errors],
            "summary": {s: sum(1 for f in base["findings"] if f.get("severity") == s)
                        for s in ("error", "warning", "note")},
            "sites": {k: len(sites[k]) for k in kinds},
            # check's own word on standard error when the loader refuses the code half.
            "code": "refused" if "what was read does not load" in base["stderr"] else "read",
        }
        if args.stats:
            for l in base["stderr"].splitlines():
                if l.startswith("stats:"):
                    say("%s: %s" % (app, l), err=True)
        for k in kinds:
            for m in chosen[k]:
                undo = apply_edits(m)
                try:
                    r = run_check(flownav, copy, args.timeout, False)
                finally:
                    undo_edits(undo)
                if not status_ok(r["status"]):
                    failures.append((app, "%s %s:%d" % (k, m.file, m.line), r["status"]))
                renames = renames_of(m)
                new = [f for f in r["findings"] if finding_key(f, roots, renames) not in base_keys]
                naming = [f for f in new if names_it(m, f)]
                # Named, but only in a note: a lint that was downgraded, or a not-understood note.
                noting = [] if naming else [f for f in new if names_it(m, f, ("note",))]
                said = [l for l in r["stderr"].splitlines()
                        if mentions(m, l) and not l.startswith("stats:")]
                res = {
                    "app": app, "kind": k, "file": m.file, "line": m.line, "old": m.old, "new": m.new,
                    "status": r["status"], "named": bool(naming),
                    "rules": sorted({f.get("rule") for f in naming}),
                    "note_only": sorted({f.get("rule") for f in noting}),
                    "new_findings": [{"rule": f.get("rule"), "severity": f.get("severity"),
                                      "message": normalise(f.get("message", ""), roots)} for f in new],
                    "stderr": [normalise(l, roots) for l in said],
                    "seconds": round(r["seconds"], 2),
                }
                results.append(res)
                mark = ("named by " + ", ".join(res["rules"]) if res["named"]
                        else "MISSED (only a note: %s)" % ", ".join(res["note_only"]) if noting else "MISSED")
                say("%-20s %-16s %s:%d %s -> %s: %s" % (app, k, m.file, m.line, m.old, m.new, mark))
        if args.stats:
            say("%s: %.1f s for the app" % (app, time.monotonic() - t_app), err=True)
        return {"row": row, "results": results, "failures": failures}
    finally:
        shutil.rmtree(copy, ignore_errors=True)
        if not stream:
            with _PRINT_LOCK:
                for l in lines:
                    print(l)
                for l in errs:
                    print(l, file=sys.stderr)
                sys.stdout.flush()


_PRINT_LOCK = threading.Lock()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("apps", nargs="*", help="app folder names to run (default: all)")
    ap.add_argument("--apps", dest="apps_dir", default=os.path.join(os.path.dirname(REPO), "shared", "apps"))
    ap.add_argument("--flownav", default=os.environ.get("FLOWNAV") or os.path.join(REPO, ".build", "debug", "flownav"))
    ap.add_argument("--max-per-kind", type=int, default=3, help="sites per app and kind (0: all)")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--json", dest="json_out")
    ap.add_argument("--stats", action="store_true", help="time each app; pass --stats to check")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--list", action="store_true", help="list the sites, plant nothing")
    ap.add_argument("--jobs", type=int, default=1, help="apps checked side by side (default 1)")
    args = ap.parse_args()

    kinds = [k for k in args.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            ap.error("unknown kind %s (kinds: %s)" % (k, ", ".join(KINDS)))
    flownav = os.path.abspath(args.flownav)
    if not args.list and not os.access(flownav, os.X_OK):
        ap.error("no flownav executable at %s (build it, or pass --flownav / FLOWNAV)" % flownav)
    if not os.path.isdir(args.apps_dir):
        ap.error("no apps folder at %s (--apps DIR)" % args.apps_dir)
    apps = sorted(d for d in os.listdir(args.apps_dir)
                  if os.path.isdir(os.path.join(args.apps_dir, d)) and not d.startswith("."))
    if args.apps:
        unknown = [a for a in args.apps if a not in apps]
        if unknown:
            ap.error("no app named %s in %s" % (", ".join(unknown), args.apps_dir))
        apps = [a for a in apps if a in args.apps]

    listed = read_true_crashes(TRUE_CRASHES)
    results, app_rows, failures = [], [], []
    # A terminated run still removes its copies (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    work = tempfile.mkdtemp(prefix="flownav-mutations-")
    started = time.monotonic()
    try:
        if args.jobs <= 1 or args.list:
            outcomes = (run_app(app, args, kinds, flownav, work, stream=True) for app in apps)
        else:
            # Apps run side by side, each in its own copy; each app's lines are printed whole,
            # in the order the apps finish, and the tables below keep the apps' order.
            pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
            futures = [pool.submit(run_app, app, args, kinds, flownav, work, False) for app in apps]
            outcomes = (f.result() for f in futures)
        for o in outcomes:
            if o is None:
                continue
            app_rows.append(o["row"])
            results.extend(o["results"])
            failures.extend(o["failures"])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.list:
        return 0

    print()
    print("%-18s %8s %6s %6s %10s" % ("kind", "planted", "named", "%", "note only"))
    for k in kinds + ["overall"]:
        rs = [r for r in results if r["kind"] == k or k == "overall"]
        n = sum(r["named"] for r in rs)
        print("%-18s %8d %6d %6s %10d" % (k, len(rs), n, pct(n, len(rs)), sum(bool(r["note_only"]) for r in rs)))
    print()
    print("%-20s %6s %7s %9s %8s %8s %9s" % ("app", "exit", "errors", "warnings", "planted", "named", "Swift"))
    for a in app_rows:
        rs = [r for r in results if r["app"] == a["app"]]
        print("%-20s %6s %7d %9d %8d %8d %9s" % (a["app"], a["status"], a["summary"]["error"],
                                                  a["summary"]["warning"], len(rs), sum(r["named"] for r in rs),
                                                  a["code"]))

    # The error-level findings on the unmutated apps against the checked-in list.
    # A finding matches its row by message; failing that (the wording changed), by app, rule and
    # Swift line, said as such so that the list is brought up to date.
    by_message = {(r["app"], r["rule"], r["message"]): r for r in listed}
    by_line = {(r["app"], r["rule"], r["swift"]): r for r in listed if r["swift"]}
    matched, found, unlisted, reworded = set(), [], [], []
    for a in app_rows:
        for e in a["errors"]:
            r = by_message.get((a["app"], e["rule"], e["message"]))
            if r is None and e["swift"]:
                r = by_line.get((a["app"], e["rule"], e["swift"]))
                if r is not None:
                    reworded.append((a["app"], e))
            if r is None:
                unlisted.append((a["app"], e))
            else:
                matched.add(id(r))
                found.append(r)
            e["verdict"] = r["verdict"] if r else "NOT LISTED"
    print()
    false_now = [r for r in found if r["verdict"] != "TRUE"]
    print("error-level findings on the unmutated apps: %d (%d listed TRUE, %d listed FALSE in %s, %d not listed)"
          % (len(found) + len(unlisted), len(found) - len(false_now), len(false_now),
             os.path.relpath(TRUE_CRASHES, REPO), len(unlisted)))
    for r in false_now:
        print("  FALSE %s %s %s: %s" % (r["app"], r["rule"], r["swift"], r["message"]))
    for app, e in unlisted:
        print("  NOT LISTED %s %s %s: %s" % (app, e["rule"], e["swift"] or "%s:%s" % (e["file"], e["line"]), e["message"]))
    for app, e in reworded:
        print("  REWORDED (listed by Swift line) %s %s %s: %s" % (app, e["rule"], e["swift"], e["message"]))
    checked = set(a["app"] for a in app_rows)
    for r in listed:
        if r["app"] in checked and id(r) not in matched:
            print("  GONE (listed %s, no longer an error) %s %s %s: %s"
                  % (r["verdict"], r["app"], r["rule"], r["swift"], r["message"]))

    if failures:
        print()
        print("flownav failed (exit status other than 0 or 1):")
        for app, what, status in failures:
            print("  %s %s: %s" % (app, what, status))
    print()
    print("%d checks in %.0f s" % (len(results) + len(app_rows), time.monotonic() - started))

    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"apps": app_rows, "mutations": results,
                       "failures": [{"app": a, "what": w, "status": s} for a, w, s in failures]},
                      f, indent=2, ensure_ascii=False)
            f.write("\n")
    return 1 if failures else 0


def pct(n, d):
    return "%.0f%%" % (100.0 * n / d) if d else "-"


if __name__ == "__main__":
    sys.exit(main())
