#!/bin/sh
# check_layers.sh -- the layers of src/ hold (README, "Inside maat").
#
# Each folder of src/ is a layer; one header of it (its main header) says
# which layers it may use, in a line of its top comment:
#     ** Layer: solve -- may use: base, games, play.
# A layer may use what it names and what those may use.  Checked here:
#   - every folder has exactly one such line, naming the folder;
#   - the layers' uses have no circle;
#   - every #include "DIR/file.h" of src/ names its own layer or one it may use;
#   - no circle of modules (a module is NAME.c with NAME.h): a.c or a.h
#     including b.h and b including a.h, over any number of steps.
# Prints each fault as FILE:LINE: what is wrong; exits 1 if any.
set -eu
cd "$(dirname "$0")/.."
{
	for d in src/*/; do
		d=${d%/}
		n=$(grep -l '^\*\* Layer: ' "$d"/*.h 2>/dev/null | wc -l)
		[ "$n" -eq 1 ] || echo "FAULT $d: $n headers with a '** Layer:' line (one is needed)"
	done
	grep -Hn '^\*\* Layer: ' src/*/*.h | sed 's/^/LAYER /'
	grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' src/*/*.c src/*/*.h | sed 's/^/INC /'
} | awk '
function closure(l, seen,   i, n, parts, m) {
	# every layer l may use, directly or through another
	n = split(uses[l], parts, " ")
	for (i = 1; i <= n; i++) {
		m = parts[i]
		if (m == "" || (m in seen)) continue
		seen[m] = 1
		closure(m, seen)
	}
}
function visit(v,   i, n, parts, w) {
	state[v] = 1
	stack[++depth] = v
	n = split(edges[v], parts, " ")
	for (i = 1; i <= n; i++) {
		w = parts[i]
		if (w == "") continue
		if (state[w] == 1) { report_cycle(w); continue }
		if (state[w] == 0) visit(w)
	}
	depth--
	state[v] = 2
}
function report_cycle(w,   i, s) {
	s = w
	for (i = depth; i >= 1 && stack[i] != w; i--) s = stack[i] " -> " s
	s = w " -> " s
	print "src/" w ": a circle of includes: " s
	faults++
}
$1 == "FAULT" { sub(/^FAULT /, ""); print; faults++; next }
$1 == "LAYER" {
	# LAYER src/DIR/x.h:LINE:** Layer: NAME -- may use: A, B.
	line = $0; sub(/^LAYER /, "", line)
	split(line, f, ":"); file = f[1]; dir = file; sub(/^src\//, "", dir); sub(/\/.*/, "", dir)
	text = line; sub(/^[^*]*\*\* Layer: /, "", text)
	name = text; sub(/ .*/, "", name)
	if (name != dir) { print file ":" f[2] ": the layer line names \"" name "\" in folder " dir; faults++ }
	if (text !~ / -- may use: .*\.$/) { print file ":" f[2] ": write the layer line as \"** Layer: " dir " -- may use: A, B.\" (or \"nothing.\")"; faults++ }
	u = text; sub(/^.* -- may use: /, "", u); sub(/\.$/, "", u); gsub(/,/, " ", u)
	if (u == "nothing") u = ""
	uses[dir] = u; layers[dir] = 1
	next
}
$1 == "INC" {
	line = $0; sub(/^INC /, "", line)
	split(line, f, ":"); file = f[1]; lineno = f[2]
	inc = line; sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
	if (inc !~ /\//) next                   # a system or tests header
	from = file; sub(/^src\//, "", from); fromdir = from; sub(/\/.*/, "", fromdir)
	todir = inc; sub(/\/.*/, "", todir)
	incs[++ninc] = file SUBSEP lineno SUBSEP fromdir SUBSEP todir SUBSEP inc
	mod_from = from; sub(/\.[ch]$/, "", mod_from)
	mod_to = inc; sub(/\.h$/, "", mod_to)
	if (mod_from != mod_to && index(" " edges[mod_from] " ", " " mod_to " ") == 0)
		edges[mod_from] = edges[mod_from] " " mod_to
	mods[mod_from] = 1; mods[mod_to] = 1
	next
}
END {
	for (l in layers) {
		delete seen
		closure(l, seen)
		if (l in seen) { print "src/" l ": the layers uses run in a circle back to " l; faults++ }
		for (m in seen) {
			if (!(m in layers)) { print "src/" l ": may use \"" m "\", which is no layer"; faults++ }
			allowed[l, m] = 1
		}
	}
	for (i = 1; i <= ninc; i++) {
		split(incs[i], g, SUBSEP)
		if (g[3] == g[4] || !(g[4] in layers)) continue
		if (!((g[3], g[4]) in allowed)) {
			print g[1] ":" g[2] ": includes " g[5] ": layer " g[3] " may not use " g[4]
			faults++
		}
	}
	for (v in mods) state[v] = 0
	for (v in mods) if (state[v] == 0) visit(v)
	if (faults) { print faults " fault(s) in the layers of src/"; exit 1 }
}'
