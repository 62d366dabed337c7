#!/bin/sh
# Install the Debian packages maat needs to build, test and draw, if missing.
# Idempotent and silent when everything is already there.
#   sh tools/deps.sh       what maat needs to build, test and draw
#   sh tools/deps.sh tex   TeX Live with the diagram package, for the LaTeX test
PKGS="build-essential pkg-config libyaml-dev libcairo2-dev libfreetype-dev zlib1g-dev check clang libclang-rt-14-dev \
fonts-freefont-ttf librsvg2-bin poppler-utils python3-yaml python3-jsonschema"
# python3-yaml, python3-jsonschema: convert's output checked against YACPDB's
# schema (tests/cli.d/39-convert.sh; skipped without them in a developer's
# run, a failure in make test)
# diagram.sty (chess-problem-diagrams) is in texlive-games; it loads PSTricks
# texlive-lang-cyrillic: the T2A fonts for Cyrillic names (without it they are
# transliterated)
[ "${1:-}" = tex ] && PKGS="texlive-latex-base texlive-games texlive-pstricks texlive-lang-cyrillic"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "maat: installing missing packages:$missing"
if [ "$(id -u)" != 0 ]; then
	echo "maat: not root; run: sudo apt-get install -y$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null
