#!/usr/bin/env python3
"""
Copies the ZIM zimwriterfs wrote, with every entry, its full-text index and its metadata, adding the metadata
zimwriterfs has no option for (openZIM's License and LongDescription): tools/downloads/zim.ts runs it with Debian's
Python and python3-libzim.

Usage: zim-metadata.py FROM.zim TO.zim, with the metadata to add as a JSON object on standard input.
"""
import json
import sys

import libzim
from libzim.reader import Archive
from libzim.writer import Creator, Hint, Item, StringProvider

# python-libzim 2.1 (Debian 12's) renames each key it writes ("LongDescription" as "Longdescription"): openZIM's keys
# are written as they are named.
if hasattr(libzim, "pascalize"):
    libzim.pascalize = lambda name: name

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


def main(source, target, added):
    archive = Archive(source)
    language = archive.get_metadata("Language").decode()
    with Creator(target).config_indexing(True, language) as creator:
        main_entry = archive.main_entry
        while main_entry.is_redirect:
            main_entry = main_entry.get_redirect_entry()
        creator.set_mainpath(main_entry.path)
        for index in range(archive.entry_count):
            entry = archive._get_entry_by_id(index)
            if entry.is_redirect:
                creator.add_redirection(entry.path, entry.title, entry.get_redirect_entry().path, {Hint.FRONT_ARTICLE: True})
            else:
                creator.add_item(Copied(entry.get_item()))
        for size in archive.get_illustration_sizes():
            creator.add_illustration(size, bytes(archive.get_illustration_item(size).content))
        for key in archive.metadata_keys:
            if key not in added and not key.startswith(WRITTEN_BY_LIBZIM):
                creator.add_metadata(key, archive.get_metadata(key))
        for key, value in added.items():
            creator.add_metadata(key, value.encode())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], json.load(sys.stdin))
