#!/usr/bin/env python3
"""The table from every UPC name of pgasmr/collectives/upc_compat.hpp to its C++ call.

Reads the one table the header is generated from (collectives/include/pgasmr/collectives/
detail/upc_names.def) and prints the markdown table of docs/collectives.md, or rewrites the
table in place.

  scripts/upc_names_table.py                       print the table
  scripts/upc_names_table.py --update docs/collectives.md
                                                   replace the text between the markers
                                                   <!-- upc-names:begin --> and <!-- upc-names:end -->
  scripts/upc_names_table.py --check-doc docs/collectives.md
                                                   exit 1 unless the document's table is current
  scripts/upc_names_table.py --annex REPORT.md     also compare the names with Annex 1 of the
                                                   seed report (every prototype of Appendix A)
"""

import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DEF = ROOT / "collectives/include/pgasmr/collectives/detail/upc_names.def"
TYPES = [("C", "signed char"), ("UC", "unsigned char"), ("S", "short"), ("US", "unsigned short"), ("I", "int"),
         ("UI", "unsigned int"), ("L", "long"), ("UL", "unsigned long"), ("F", "float"), ("D", "double"),
         ("LD", "long double")]
BEGIN, END = "<!-- upc-names:begin -->", "<!-- upc-names:end -->"


def rows():
    """(section, row macro, columns) for every row of the .def, in order."""
    section = ""
    for line in DEF.read_text().splitlines():
        m = re.match(r"^// ---- (.*?) -+$", line)
        if m:
            section = m.group(1)
            continue
        m = re.match(r"^(PGASMR_UPC(?:_X)?(?:_T)?)\((.*)\)\s*$", line)
        if m:
            yield section, m.group(1), [c.strip() for c in m.group(2).split(",")]


def names():
    """(section, name, typed, extra, shape, call, dst, src, version, blocks, TYPE)."""
    for section, macro, cols in rows():
        extra = "_X" in macro
        if macro.endswith("_T"):
            shape, prefix, suffix, call, dst, src, version = cols
            for t, type_ in TYPES:
                yield section, prefix + t + suffix, True, extra, shape, call, dst, src, version, "_", type_
        else:
            shape, name, call, dst, src, version, blocks = cols
            yield section, name, False, extra, shape, call, dst, src, version, blocks, None


def side(kind, shared, private="priv"):
    return shared if kind == "S" else private


def cxx(shape, call, dst, src, version, blocks, type_):
    """The C++ call a name forwards to, in the notation of docs/collectives.md."""
    rooted = version == "ROOTED"
    root = "root" if rooted else "0"
    if shape == "IN_PLACE":
        block = "nbytes" if call == "broadcast" else "nbytes·T"
        extra = f", {{.root = {root}}}" if call in ("broadcast", "scatter", "gather") else ""
        return f"coll::{call}(me, coll::in_place, {side(dst, f'sh({block})')}, nbytes{extra})"
    if shape == "PERMUTE_IN_PLACE":
        return f"coll::permute(me, coll::in_place, {side(dst, 'sh(nbytes)')}, perm, nbytes)"
    if shape in ("MOVE", "PERMUTE"):
        layouts = {"broadcast": ("sh(nbytes)", "sh()"), "scatter": ("sh(nbytes)", "sh()"),
                   "gather": ("sh()", "sh(nbytes)"), "allgather": ("sh(nbytes·T)", "sh(nbytes)"),
                   "exchange": ("sh(nbytes·T)", "sh(nbytes·T)"), "permute": ("sh(nbytes)", "sh(nbytes)")}
        d, s = layouts[call]
        perm = "perm, " if call == "permute" else ""
        return f"coll::{call}(me, {side(dst, d)}, {side(src, s)}, {perm}nbytes)"
    if shape in ("TEAM", "PERMUTE_TEAM"):
        allthr = version == "ALLTHR"
        n = "T" if allthr else "n"
        chunk = "nbytes" if call in ("broadcast", "permute") else f"nbytes/{n}"
        member, root_side = "own", "sh()"
        d = root_side if call == "gather" else member
        s = root_side if call in ("broadcast", "scatter") else member
        perm = "perm, " if call == "permute" else ""
        opts = "{.team = &t, .addressing = thread_ids}" if allthr else "{.team = &t}"
        return f"coll::{call}(me, {side(dst, d)}, {side(src, s)}, {perm}{chunk}, {opts})"
    if shape in ("BROADCAST_V", "SCATTER_V", "GATHER_V", "ALLGATHER_V", "EXCHANGE_V", "PERMUTE_V", "VECTOR_COPY"):
        raw = version == "RAW"
        ts = "" if raw else "·ts"
        db, sb = f"sh(dst_blk{ts})", f"sh(src_blk{ts})"
        if shape == "BROADCAST_V":
            s = f"sh(dst_blk{ts})" if rooted else "sh()"
            count = "nbytes" if raw else "nelems·ts"
            return f"coll::broadcast_v(me, {side(dst, db)}, {side(src, s)}, {count}, {{src, ddisp}}, {{.root = {root}}})"
        counts = "nbytes[]" if raw else "nelems[]·ts"
        if shape == "SCATTER_V":
            s = sb if rooted else "sh()"
            return f"coll::scatter_v(me, {side(dst, db)}, {side(src, s)}, {counts}, {{packed, ddisp}}, {{.root = {root}}})"
        if shape == "GATHER_V":
            d = db if rooted else "sh()"
            return f"coll::gather_v(me, {side(dst, d)}, {side(src, sb)}, {counts}, {{sdisp, packed}}, {{.root = {root}}})"
        if shape == "ALLGATHER_V":
            return f"coll::allgather_v(me, {side(dst, 'own', 'priv')}[ddisp..], {side(src, sb)}, {counts}, {{sdisp}})"
        if shape == "EXCHANGE_V":
            to = "merged from disp" if version.startswith("MERGE") else "exchangeᵀ"
            return f"coll::exchange_v(me, {side(dst, db)}, {side(src, sb)}, {counts}, {{exchange, {to}}})"
        if shape == "PERMUTE_V":
            return f"coll::permute_v(me, {side(dst, db)}, {side(src, sb)}, perm, {counts}, {{disp, disp}})"
        return f"coll::vector_copy(me, {side(dst, db)}, {side(src, sb)}, chunks(ddisp, sdisp, {counts}))"
    op = "op"
    if shape == "REDUCE_IN_PLACE":
        if call == "reduce":
            at = "[root·blk_size]" if rooted else "[0]"
            return f"coll::reduce(me, {side(dst, 'shT(blk_size)' + at)}, {side(dst, 'shT(blk_size)')}, {op}, {{.root = {root}}})"
        if call == "allreduce":
            return f"coll::allreduce(me, {'result' if dst == 'S' else 'priv'}, {side(dst, 'shT(blk_size)')}, {op})" + (
                " + each thread stores buffer[i·blk_size]" if dst == "S" else "")
        return f"coll::prefix_reduce(me, {side(dst, 'shT(blk_size)')}, same, {op})"
    if shape == "REDUCE":
        d = {"reduce": "shT(1)[0]", "allreduce": "shT(1)", "prefix_reduce": "shT(blk_size)"}[call]
        return f"coll::{call}(me, {side(dst, d)}, {side(src, 'shT(blk_size)')}, {op})"
    if shape == "REDUCE_V":
        d = "shT(1)[0]" if call == "reduce_v" else "shT(1)"
        if src == "S":
            return f"coll::{call}(me, {side(dst, d)}, shT(src_blk), chunks(sdisp, nelems), {op})"
        return f"coll::vector_copy to chunk order, then coll::{call[:-2]}(me, {side(dst, d)}, staged, {op})"
    if shape == "PREFIX_REDUCE_V":
        if src == "S" and dst == "S":
            return f"coll::prefix_reduce_v(me, shT(dst_blk), shT(src_blk), chunks(sdisp, nelems), ddisp, {op})"
        return "coll::vector_copy, coll::prefix_reduce, coll::vector_copy back to ddisp"
    if shape == "REDUCE_TEAM":
        d = {"reduce": "shT(1)[0]", "allreduce": "own", "prefix_reduce": "own"}[call]
        return f"coll::{call}(me, {side(dst, d)}, {side(src, 'own')}, {op}, {{.team = &t}})"
    raise ValueError(shape)


NOTES = {
    "ABS": "absolute displacements",
    "LOCAL": "`_local`: displacements inside each thread's block",
    "RAW": "`_raw`: bytes",
    "ROOTED": "explicit root",
    "PRIVPARAM": "private parameter arrays",
    "MERGE": "received chunks packed from `disp[q]`",
    "MERGE_LOCAL": "`_local`, received chunks packed from `disp_local[q]`",
    "TEAM": "team ranks; nbytes = total over the team (broadcast, permute: per member)",
    "ALLTHR": "thread ids; chunks of nbytes/THREADS (permute: nbytes)",
}


def table():
    out = []
    section = None
    for sec, name, typed, extra, shape, call, dst, src, version, blocks, type_ in names():
        if sec != section:
            section = sec
            out += ["", f"#### {sec}", "", "| UPC name | C++ call | note |", "|---|---|---|"]
        note = NOTES.get(version, "")
        if typed:
            note = (f"TYPE = `{type_}`" + (f"; {note}" if note else "")).strip()
        if extra and not typed:
            note = "standard UPC (not in Appendix A)"
        out.append(f"| `{name}` | `{cxx(shape, call, dst, src, version, blocks, type_)}` | {note} |")
    return "\n".join(out).lstrip("\n") + "\n"


class Refusal(Exception):
    """A file that cannot be read or lacks what it must hold: a message, status 1."""


def read_text(path):
    try:
        return pathlib.Path(path).read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise Refusal(f"cannot read '{path}': {error.strerror if isinstance(error, OSError) else error}")


def index_of(text, marker, path):
    if marker not in text:
        raise Refusal(f"'{path}' has no line '{marker.strip()}'")
    return text.index(marker)


def annex_names(path):
    text = read_text(path)
    annex = text[index_of(text, "## Annex 1", path):]
    return [m.group(1) for m in re.finditer(r"^void (upc_all_[A-Za-z_<>]+)\s*\(", annex, re.M)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", metavar="DOC")
    parser.add_argument("--check-doc", metavar="DOC")
    parser.add_argument("--annex", metavar="REPORT")
    args = parser.parse_args()

    all_names = list(names())
    appendix = [n for n in all_names if not n[3]]
    print(f"{len(appendix)} names of Appendix A "
          f"({sum(1 for n in appendix if not n[2])} non-templated, {sum(1 for n in appendix if n[2])} typed), "
          f"{len(all_names) - len(appendix)} extra", file=sys.stderr)
    if args.annex:
        expected = set()
        for n in annex_names(args.annex):
            if "<<T>>" in n:
                expected |= {n.replace("<<T>>", t) for t, _ in TYPES}
            else:
                expected.add(n)
        generated = {n[1] for n in appendix}
        if generated != expected:
            print("differs from Annex 1:", sorted(generated ^ expected), file=sys.stderr)
            return 1
        print(f"the names equal Annex 1's {len(expected)}", file=sys.stderr)

    text = table()
    for doc in filter(None, [args.update, args.check_doc]):
        content = read_text(doc)
        start, end = index_of(content, BEGIN, doc) + len(BEGIN), index_of(content, END, doc)
        updated = content[:start] + "\n" + text + content[end:]
        if args.check_doc:
            if updated != content:
                print(f"{doc}: the name table is out of date; run scripts/upc_names_table.py --update {doc}",
                      file=sys.stderr)
                return 1
        else:
            pathlib.Path(doc).write_text(updated)
    if not args.update and not args.check_doc:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Refusal as refusal:
        print(f"upc_names_table.py: {refusal}", file=sys.stderr)
        sys.exit(1)
