#!/usr/bin/env python3
"""
Copies the ZIM zimwriterfs wrote, with every entry, its full-text index and its metadata, adding the metadata
zimwriterfs has no option for (openZIM's License and LongDescription): tools/downloads/zim.ts runs it with Debian's
Python and python3-libzim.

Usage: zim-metadata.py FOLDER FROM.zim TO.zim, FOLDER the files zimwriterfs packed, with the metadata to add as a JSON
object on standard input. Only python-libzim's public API: the entries are read by the paths of the packed files.
"""
import json
import os
import re
import sys

from libzim.reader import Archive
from libzim.writer import Creator, Hint, Item, StringProvider

# libzim writes these itself: the entries' count, and the illustration added apart.
WRITTEN_BY_LIBZIM = ("Counter", "Illustration_")


class Copied(Item):
    """An entry of the first ZIM, as it was: its path, title, type and bytes; a page stays a front article."""

    def __init__(self, item):
        super().__init__()
        self.item = item

    def get_path(self):
        return self.item.path

    def get_title(self):
        return self.item.title

    def get_mimetype(self):
        return self.item.mimetype

    def get_contentprovider(self):
        return StringProvider(bytes(self.item.content))

    def get_hints(self):
        return {Hint.FRONT_ARTICLE: self.item.mimetype.startswith("text/html")}


def snake_case(key):
    """openZIM's LongDescription as long_description, the form add_metadata turns back into it (it title-cases keys)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", key).lower()


def packed_paths(folder):
    """The path of each file in the folder, as zimwriterfs names its entry."""
    for directory, _, names in os.walk(folder):
        for name in names:
            yield os.path.relpath(os.path.join(directory, name), folder).replace(os.sep, "/")


def main(folder, source, target, added):
    archive = Archive(source)
    language = archive.get_metadata("Language").decode()
    with Creator(target).config_indexing(True, language) as creator:
        main_entry = archive.main_entry
        while main_entry.is_redirect:
            main_entry = main_entry.get_redirect_entry()
        creator.set_mainpath(main_entry.path)
        for path in packed_paths(folder):
            creator.add_item(Copied(archive.get_entry_by_path(path).get_item()))
        for size in archive.get_illustration_sizes():
            creator.add_illustration(size, bytes(archive.get_illustration_item(size).content))
        for key in archive.metadata_keys:
            if key not in added and not key.startswith(WRITTEN_BY_LIBZIM):
                creator.add_metadata(snake_case(key), archive.get_metadata(key))
        for key, value in added.items():
            creator.add_metadata(snake_case(key), value.encode())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], json.load(sys.stdin))
