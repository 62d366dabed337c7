#!/usr/bin/env python3
"""Regenerate src/games/zobrist.c (2048 splitmix64 keys, seed 0x6D616174 "maat")."""
MASK = 2**64 - 1


def splitmix(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def main():
    state, keys = 0x6D616174, []
    for _ in range(2048):
        state, v = splitmix(state)
        keys.append(v)
    with open("src/games/zobrist.c", "w") as f:
        f.write('/*\n** zobrist.c -- fixed random keys for position hashing.\n**\n'
                '** Generated once by tools/gen_zobrist.py (splitmix64, seed 0x6D616174 "maat")\n'
                '** and committed, so hashes are the same on every machine and every run.\n*/\n'
                '#include "zobrist.h"\n\n/* a generated table, three keys a line */\n/* clang-format off */\nconst uint64_t zobrist_table[ZOBRIST_SIZE] = {\n')
        for i in range(0, len(keys), 3):
            f.write("\t" + ", ".join("0x%016xULL" % v for v in keys[i:i + 3]) + ",\n")
        f.write("};\n/* clang-format on */\n")


if __name__ == "__main__":
    main()
