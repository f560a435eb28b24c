"""MkDocs hook: texts kept elsewhere in the repository become pages of the site.

The notation guide and the rules digests live beside the code that reads them, and the
pictures and JSON schemas beside their sources; the site takes each from there, never a copy.
A page links to such a file by its path in the repository (a link that works on a forge too);
this hook points that link at the file's place in the site.
"""

from __future__ import annotations

import os
import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

TOP = Path(__file__).resolve().parent.parent
# path in the repository -> path in the site
PAGES = {
    "notation/README.md": "notation.md",
    "seeds/MERIDIAN.md": "rules-meridian.md",
    "seeds/MEDINA.md": "rules-medina.md",
}
ASSETS = ("cli/formats/schemas/*.json", "examples/*/*.svg")
LINK = re.compile(r"(\]\()([^)\s#]+)(#[^)\s]*)?(\))")


def site_paths() -> dict[str, str]:
    found = dict(PAGES)
    for pattern in ASSETS:
        for path in sorted(TOP.glob(pattern)):
            source = path.relative_to(TOP).as_posix()
            found[source] = source.replace("cli/formats/schemas/", "schemas/", 1)
    return found


API_TREE = TOP / "build" / "api-tree"  # the package as installed, for the API reference


def lay_out_package() -> None:
    """Lay out the package under the name it is installed as (``meridina`` from seeds/, its
    own packages and cli/, notation/ and rules/ inside), so that the API reference reads its
    docstrings.

    Only what is missing or wrong is changed, each link put in place by a rename, so that a
    build reading the tree meanwhile finds every link there (the links were all taken away
    and made again, which another build running at the same time could not find)."""
    package = API_TREE / "meridina"
    package.mkdir(parents=True, exist_ok=True)
    wanted = {name: TOP / name for name in ("cli", "notation", "rules")}
    wanted.update({module.name: module for module in (TOP / "seeds").glob("*.py")})
    # the API's own packages
    wanted.update(
        {inner.parent.name: inner.parent for inner in (TOP / "seeds").glob("*/__init__.py")}
    )
    for entry in package.iterdir():
        if entry.name.startswith("."):  # another build's link on its way in
            continue
        target = wanted.get(entry.name)
        if target is None or not entry.is_symlink() or Path(os.readlink(entry)) != target:
            entry.unlink()
    for name, target in wanted.items():
        link = package / name
        if not link.is_symlink():
            coming = package / f".{name}.{os.getpid()}"
            coming.unlink(missing_ok=True)
            coming.symlink_to(target)
            os.replace(coming, link)


# when the hook loads, before the plugins read their settings: the reference's search path
# must exist by then
lay_out_package()


def on_files(files: Files, config: Any, **_: Any) -> Files:
    for source, destination in site_paths().items():
        files.append(File.generated(config, destination, abs_src_path=str(TOP / source)))
    return files


def on_page_markdown(markdown: str, page: Page, **_: Any) -> str:
    """Point each link to a file taken from elsewhere at that file's page in the site."""
    paths = site_paths()
    written_in = Path(page.file.abs_src_path or "").parent
    here = posixpath.dirname(page.file.src_uri)

    def relink(match: re.Match[str]) -> str:
        target = match.group(2)
        if "://" in target or target.startswith(("/", "mailto:")):
            return match.group(0)
        try:
            source = (written_in / target).resolve().relative_to(TOP).as_posix()
        except ValueError:
            return match.group(0)
        if source not in paths:
            return match.group(0)
        moved = posixpath.relpath(paths[source], here or ".")
        return f"{match.group(1)}{moved}{match.group(3) or ''}{match.group(4)}"

    return LINK.sub(relink, markdown)
