"""Checks an omp-migrate SARIF log: the structure SARIF 2.1.0 requires of
what omp-migrate writes, and that its fixes are the translation.

Usage: check-sarif.py LOG [--schema SCHEMA.json] [--translated OUTDIR ROOT]

Prints the number of results per rule. With --schema, also validates the log
against that JSON schema (the official sarif-schema-2.1.0.json) with the
jsonschema module. With --translated, applies the fixes of every file to its
original (below ROOT) and compares the result with OUTDIR's copy (what
--output-dir wrote). Exits 1 with a message on the first failure.
"""
import json, os, sys, urllib.parse

def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)

args = sys.argv[1:]
log = json.load(open(args[0], encoding="utf-8"))
schema = args[args.index("--schema") + 1] if "--schema" in args else None
translated = None
if "--translated" in args:
    i = args.index("--translated")
    translated = (args[i + 1], args[i + 2])

if log.get("version") != "2.1.0" or not isinstance(log.get("runs"), list) or len(log["runs"]) != 1:
    fail("not a SARIF 2.1.0 log with one run")
run = log["runs"][0]
driver = run["tool"]["driver"]
if driver.get("name") != "omp-migrate" or not driver.get("version"):
    fail("tool.driver has no name or version")
rules = driver["rules"]
ids = [r["id"] for r in rules]
if len(set(ids)) != len(ids) or any(not r["shortDescription"]["text"] for r in rules):
    fail("rules: duplicate ids or no description")
bases = run.get("originalUriBaseIds", {})
for k, v in bases.items():
    if not v["uri"].startswith("file:///") or not v["uri"].endswith("/"):
        fail("base %s is not an absolute directory URI" % k)

def path_of(loc):
    uri = loc["uri"]
    if "uriBaseId" in loc:
        if loc["uriBaseId"] not in bases or uri.startswith("/") or "://" in uri:
            fail("relative uri %s without its base" % uri)
        uri = bases[loc["uriBaseId"]]["uri"] + uri
    return urllib.parse.unquote(urllib.parse.urlparse(uri).path)

counts = {}
fixes = {}
for r in run["results"]:
    if r["ruleId"] != ids[r["ruleIndex"]]:
        fail("ruleIndex %d does not name %s" % (r["ruleIndex"], r["ruleId"]))
    if r["level"] not in ("none", "note", "warning", "error") or not r["message"]["text"]:
        fail("bad level or empty message: %s" % r)
    for l in r["locations"]:
        p = l["physicalLocation"]
        path_of(p["artifactLocation"])
        reg = p.get("region")
        if reg and (reg["startLine"] < 1 or reg["startColumn"] < 1):
            fail("region before the file's start")
    for f in r.get("fixes", []):
        for ch in f["artifactChanges"]:
            path = path_of(ch["artifactLocation"])
            for rep in ch["replacements"]:
                d = rep["deletedRegion"]
                if d["byteOffset"] < 0 or d["byteLength"] < 0:
                    fail("negative region")
                fixes.setdefault(path, []).append(
                    (d["byteOffset"], d["byteLength"], rep.get("insertedContent", {}).get("text", "")))
    counts[r["ruleId"]] = counts.get(r["ruleId"], 0) + 1
for k in sorted(counts):
    print("%s: %d" % (k, counts[k]))

if translated:
    outdir, root = translated
    for path, reps in sorted(fixes.items()):
        data = open(path, "rb").read()
        reps.sort()
        out, at = b"", 0
        for off, length, text in reps:
            if off < at:
                fail("overlapping fixes in %s" % path)
            out += data[at:off] + text.encode("utf-8")
            at = off + length
        out += data[at:]
        rel = os.path.relpath(path, root)
        want = open(os.path.join(outdir, rel), "rb").read()
        if out != want:
            fail("the fixes of %s do not give %s" % (rel, os.path.join(outdir, rel)))
        print("fixes of %s give the translation" % rel)

if schema:
    import jsonschema
    jsonschema.validate(log, json.load(open(schema)))
    print("valid against %s" % os.path.basename(schema))
