"""An independent reader of the order documents Vitrina sends 1C (issue 38), with lxml.

Usage: check-orders.py OURS.xml FIXTURE.xml VERSION ENCODING BOM

Checks that OURS is well-formed XML in the declared encoding ENCODING (and starts with a UTF-8 byte order mark when
BOM is "bom"), that its root is `КоммерческаяИнформация` in the namespace of schema VERSION with `ВерсияСхемы` and
`ДатаФормирования`, that a 2.10 document wraps each `Документ` in a `Контейнер` and a 2.07/2.08 one does not, and that
each of its `Документ`s has every element the real 1C order document FIXTURE has, in the same nesting (names compared
without namespaces). Prints a JSON summary (the documents' numbers) and exits 1 with the reasons otherwise.
"""

import json
import sys

from lxml import etree

NAMESPACES = {"2.10": "urn:1C.ru:commerceml_210", "2.08": "urn:1C.ru:commerceml_2", "2.07": "urn:1C.ru:commerceml_2"}


def local(tag):
    return etree.QName(tag).localname


def paths(element, prefix=""):
    """Every element path below `element`, as `a/b/c` of local names."""
    out = set()
    for child in element:
        if not isinstance(child.tag, str):
            continue
        path = f"{prefix}{local(child.tag)}"
        out.add(path)
        out |= paths(child, path + "/")
    return out


def main():
    ours_path, fixture_path, version, encoding, bom = sys.argv[1:6]
    problems = []
    raw = open(ours_path, "rb").read()
    if bom == "bom" and not raw.startswith(b"\xef\xbb\xbf"):
        problems.append("no UTF-8 byte order mark")
    if bom != "bom" and raw.startswith(b"\xef\xbb\xbf"):
        problems.append("a byte order mark that was not asked for")
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    root = etree.fromstring(raw, parser)
    tree = root.getroottree()
    declared = (tree.docinfo.encoding or "").lower()
    if declared != encoding.lower():
        problems.append(f"declared encoding {declared!r}, expected {encoding!r}")
    if local(root.tag) != "КоммерческаяИнформация":
        problems.append(f"root {root.tag}")
    if etree.QName(root.tag).namespace != NAMESPACES[version]:
        problems.append(f"namespace {etree.QName(root.tag).namespace!r}, expected {NAMESPACES[version]!r}")
    if root.get("ВерсияСхемы") != version:
        problems.append(f"ВерсияСхемы {root.get('ВерсияСхемы')!r}")
    if not root.get("ДатаФормирования"):
        problems.append("no ДатаФормирования")

    documents = [e for e in root.iter() if isinstance(e.tag, str) and local(e.tag) == "Документ"]
    for document in documents:
        parent = local(document.getparent().tag)
        wanted = "Контейнер" if version == "2.10" else "КоммерческаяИнформация"
        if parent != wanted:
            problems.append(f"a Документ under {parent}, expected under {wanted}")

    fixture = etree.parse(fixture_path, parser).getroot()
    fixture_document = next(e for e in fixture.iter() if isinstance(e.tag, str) and local(e.tag) == "Документ")
    needed = paths(fixture_document)
    for document in documents:
        number = document.findtext("{*}Номер")
        missing = sorted(needed - paths(document))
        if missing:
            problems.append(f"Документ {number} lacks {missing}")

    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    numbers = [d.findtext("{*}Номер") for d in documents]
    sums = {d.findtext("{*}Номер"): d.findtext("{*}Сумма") for d in documents}
    print(json.dumps({"documents": len(documents), "numbers": numbers, "sums": sums, "paths": len(needed)}))


main()
