#!/usr/bin/env python3
"""Where a board player's bytes are: code and read-only data per Swift module, as a Markdown table.

    tools/embedded/size-table.py PLAYER [NM]

PLAYER is the unstripped player (out/boards/<board>/flipbook-player); NM is llvm-nm (default: the one beside
swiftc). Symbols are attributed by their Embedded Swift mangling ($e<length><Module>…); the standard library's
are "Swift", the rest (the C runtime and shim, libgcc, the Unicode tables, the built-in font's bytes) "C".
"of which specialised" counts generic specialisations (names ending in Tg5/Tgq5) compiled into the module.
Writable data and bss (the setup heap's 64 MB arena) are not counted: they are not in the file.
`make BOARD=<board> player-size` prints it; docs/boards.md ("Size") keeps the armv6 table.
"""
import collections
import os
import re
import shutil
import subprocess
import sys


def module_of(name):
    match = re.match(r"\$e(\d+)", name)
    if match:
        start = 2 + len(match.group(1))
        return name[start:start + int(match.group(1))]
    if name.startswith("$e"):
        return "Swift"
    return "C"


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    nm = sys.argv[2] if len(sys.argv) == 3 else os.path.join(os.path.dirname(shutil.which("swiftc")), "llvm-nm")
    listing = subprocess.run([nm, "--size-sort", "-S", "-t", "d", sys.argv[1]], check=True,
                             capture_output=True, text=True).stdout
    code, data, specialised = collections.Counter(), collections.Counter(), collections.Counter()
    seen = set()
    for line in listing.splitlines():
        fields = line.split()
        if len(fields) != 4 or fields[2] not in "tTwWrRvV" or (fields[0], fields[3]) in seen:
            continue
        seen.add((fields[0], fields[3]))  # a symbol can be listed twice (local and global alias)
        size, kind, name = int(fields[1]), fields[2], fields[3]
        module = module_of(name)
        if kind in "tTwW":
            code[module] += size
            if re.search(r"Tgq?5$", name):
                specialised[module] += size
        else:
            data[module] += size
    modules = sorted(set(code) | set(data), key=lambda m: -(code[m] + data[m]))
    print("| module | code | of which specialised | read-only data | total |")
    print("|---|---:|---:|---:|---:|")
    for module in modules:
        print(f"| {module} | {code[module]:,} | {specialised[module]:,} | {data[module]:,} | "
              f"{code[module] + data[module]:,} |")
    total_code, total_data = sum(code.values()), sum(data.values())
    print(f"| all | {total_code:,} | {sum(specialised.values()):,} | {total_data:,} | {total_code + total_data:,} |")


if __name__ == "__main__":
    main()
