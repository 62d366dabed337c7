/*
** latex.c -- the diagrams as one LaTeX document for the diagram package
** (CTAN chess-problem-diagrams, diagram.sty; Debian texlive-games), one
** `diagram` environment per problem, with what the package prints around
** a board: \author, \sourcenr, \source, \issue, \day/\month/\year,
** \tournament, \award, \pieces, \stipulation, \condition, \twins, \remark,
** \Co+ (proved sound in this run) and \solution (maat's solution text,
** printed by \putsol).  The caption strings are the ones caption.c makes
** for the PDF, so both read the same.
**
** What the package cannot draw, and how maat stands in:
**   - tafl men: there are none; attackers are black circles and defenders
**     white circles (the package's imitator symbol, `C`), the king a white
**     king.  Circles are not counted by the package, so the piece count is
**     given as maat counts it.
**   - an uncheckered board: \allwhite draws its dotted grid with PSTricks,
**     which pdfLaTeX cannot run; maat draws the grid with \gridlines and the
**     throne and corners with \fieldframe instead.
**   - dates: the package prints 3/1859 and 16.8.1894 (or Roman months);
**     the iso and long styles fall back to that, year prints the year only.
** Boards of other sizes (Upuaut's 5x6) are the package's [5x6] option.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/textsafe.h"
#include "render/latex.h"

/*
** Characters beyond ASCII.  pdfLaTeX reads UTF-8 through inputenc, but a
** character stops it ("Unicode character ... not set up for use with
** LaTeX", "Command \cyra unavailable in encoding T1") unless the font
** encoding in use has it.  So the document is in T1, which has every
** letter of Latin-1 and Latin Extended-A that inputenc knows (all but the
** nine of latin_fallback), and:
**   - Cyrillic (U+0400-U+04FF), for the authors and sources of half of
**     YACPDB, goes out as \maatcyr{Живко}{Zhivko}: typeset in T2A where
**     TeX Live has it (texlive-lang-cyrillic: t2acmr.fd), else the ASCII
**     transliteration maat gives as the second argument;
**   - the punctuation inputenc knows (dashes, quotes, ellipsis, euro, No.)
**     passes on;
**   - everything else (Greek, CJK, Ħ, ...) becomes \maatu{XXXX}, printed
**     "[U+XXXX]": the document compiles, and the character is named.
*/

/* The code point of the UTF-8 character at s (its length in *k; 0 when
   the bytes are no UTF-8, *k 1). */
static unsigned long code_point(const unsigned char *s, size_t *k)
{
	size_t n = s[0] < 0x80                   ? 1
	           : s[0] >= 0xC2 && s[0] < 0xE0 ? 2
	           : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
	           : s[0] >= 0xF0 && s[0] < 0xF5 ? 4
	                                         : 0;
	unsigned long c = n == 1 ? s[0] : n == 2 ? s[0] & 0x1F : n == 3 ? s[0] & 0x0F : s[0] & 0x07;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80) {
			n = 0;
			break;
		}
		c = c << 6 | (s[i] & 0x3F);
	}
	*k = n ? n : 1;
	return n ? c : 0;
}

/* Does T1 (with TS1 for the symbols) have it, as inputenc's utf8 reads it? */
static bool in_t1(unsigned long c)
{
	static const unsigned long punct[] = {0x2013, 0x2014, 0x2018, 0x2019, 0x201A, 0x201C,
	                                      0x201D, 0x201E, 0x2020, 0x2021, 0x2022, 0x2026,
	                                      0x2030, 0x2039, 0x203A, 0x20AC, 0x2116};
	/* the nine of Latin Extended-A that inputenc leaves out */
	static const unsigned long latin_fallback[] = {0x126, 0x127, 0x138, 0x13F, 0x140,
	                                               0x149, 0x166, 0x167, 0x17F};
	if (c >= 0xA0 && c <= 0x17F) {
		for (size_t i = 0; i < sizeof latin_fallback / sizeof latin_fallback[0]; i++)
			if (latin_fallback[i] == c)
				return false;
		return true;
	}
	for (size_t i = 0; i < sizeof punct / sizeof punct[0]; i++)
		if (punct[i] == c)
			return true;
	return false;
}

/* The ASCII transliteration of a Cyrillic letter (Russian, Ukrainian,
   Belarusian, Bulgarian, Serbian, Macedonian): the hard sign as Bulgarian
   reads it ("мисъл": misal; Russian names hardly have it), the soft sign
   left out, the old Russian letters, "?" for the rest of the block. */
static const char *cyr_latin(unsigned long c)
{
	/* U+0410..U+044F: А..я */
	static const char *const basic[32] = {
	    "a", "b", "v", "g", "d", "e", "zh", "z",  "i",  "j",    "k", "l", "m", "n", "o",  "p",
	    "r", "s", "t", "u", "f", "h", "c",  "ch", "sh", "shch", "a", "y", "",  "e", "ju", "ja"};
	/* U+0400..U+040F (Ѐ Ё Ђ Ѓ Є Ѕ І Ї Ј Љ Њ Ћ Ќ Ѝ Ў Џ) */
	static const char *const ext[16] = {"e", "e",  "dj", "gj", "je", "dz", "i", "ji",
	                                    "j", "lj", "nj", "c",  "kj", "i",  "u", "dz"};
	if (c >= 0x410 && c < 0x430)
		return basic[c - 0x410];
	if (c >= 0x430 && c < 0x450)
		return basic[c - 0x430];
	if (c >= 0x400 && c < 0x410)
		return ext[c - 0x400];
	if (c >= 0x450 && c < 0x460)
		return ext[c - 0x450];
	if (c == 0x490 || c == 0x491)
		return "g"; /* Ґ */
	/* the letters of Russian before 1918 (Ѣ, Ѳ, Ѵ), in old sources */
	if (c == 0x462 || c == 0x463)
		return "e";
	if (c == 0x472 || c == 0x473)
		return "f";
	if (c == 0x474 || c == 0x475)
		return "i";
	return "?";
}

static bool is_cyrillic(unsigned long c)
{
	return c >= 0x400 && c <= 0x4FF;
}

static bool is_upper_cyrillic(unsigned long c)
{
	return (c >= 0x400 && c < 0x430) || (c >= 0x460 && c < 0x500 && c % 2 == 0);
}

/* \maatcyr{run}{transliteration} for the Cyrillic letters from s on;
   returns the bytes taken. */
static size_t cyrillic_run(FILE *f, const char *s, bool *ok)
{
	size_t n = 0, k;
	struct strbuf latin = STRBUF_INIT; /* whole: a field is (latex fields) */
	for (;;) {
		unsigned long c = code_point((const unsigned char *)s + n, &k);
		if (!is_cyrillic(c))
			break;
		const char *l = cyr_latin(c);
		char one[8];
		snprintf(one, sizeof one, "%s", l);
		/* a letter's capital; "?" (a letter without one here) as it is:
		   made "capital" it was the control character 0x1F, raw in the
		   source (found by fuzz_drawtext) */
		if (is_upper_cyrillic(c) && one[0] >= 'a' && one[0] <= 'z')
			one[0] = (char)(one[0] - 'a' + 'A');
		strbuf_puts(&latin, one);
		n += k;
	}
	*ok &= !strbuf_failed(&latin) && fputs("\\maatcyr{", f) >= 0 && fwrite(s, 1, n, f) == n &&
	       fprintf(f, "}{%s}", strbuf_str(&latin)) > 0;
	strbuf_free(&latin);
	return n;
}

/* s as LaTeX text: the special characters escaped, UTF-8 as above. */
static bool tex(FILE *f, const char *s)
{
	bool ok = true;
	while (s && *s) {
		const char *e = NULL;
		if ((unsigned char)*s >= 0x80) {
			size_t k;
			unsigned long c = code_point((const unsigned char *)s, &k);
			if (is_cyrillic(c)) {
				s += cyrillic_run(f, s, &ok);
				continue;
			}
			if (c == 0xA0)
				ok &= putc('~', f) != EOF; /* a no-break space */
			else if (c >= 0x2654 && c <= 0x265F)
				/* a solution's figurines (output/magazine.c) as the
				   package's own (\wK ... \sB, its German letters),
				   drawn in its chess font */
				ok &= fprintf(f, "\\%c%c{}", c < 0x265A ? 'w' : 's',
				              "KDTLSB"[(c - 0x2654) % 6]) > 0;
			else if (c == 0x2192 || c == 0x2194)
				/* a twin's arrows ("b) \\wT{}a1\u2192a2") */
				ok &=
				    fputs(c == 0x2192 ? "{$\\rightarrow$}" : "{$\\leftrightarrow$}",
				          f) >= 0;
			else if (in_t1(c))
				ok &= fwrite(s, 1, k, f) == k;
			else
				ok &= fprintf(f, "\\maatu{%04lX}", c) > 0;
			s += k;
			continue;
		}
		switch (*s) {
		case '\\':
			e = "\\textbackslash{}";
			break;
		case '{':
			e = "\\{";
			break;
		case '}':
			e = "\\}";
			break;
		case '#':
			e = "\\#";
			break;
		case '$':
			e = "\\$";
			break;
		case '%':
			e = "\\%";
			break;
		case '&':
			e = "\\&";
			break;
		case '_':
			e = "\\_";
			break;
		case '~':
			/* a tilde at mid height, as "B~" (any bishop move) is
			   printed: T1's \\textasciitilde sits on top like an
			   accent */
			e = "{$\\sim$}";
			break;
		case '^':
			e = "\\textasciicircum{}";
			break;
		case '\n':
			e = " ";
			break;
		default:
			break;
		}
		ok &= e ? fputs(e, f) >= 0 : putc(*s, f) != EOF;
		s++;
	}
	return ok;
}

/* \name{text} on a line of its own, text escaped and whole (nothing when
   empty). */
static bool field(FILE *f, const char *name, const char *text)
{
	if (!text || !*text)
		return true;
	char *clean = render_clean_text(text);
	bool ok = clean && fprintf(f, "  \\%s{", name) > 0 && tex(f, clean) && fputs("}\n", f) >= 0;
	free(clean);
	return ok;
}

/* Does the board hold men the package draws as circles (tafl men, fairy
   walks without a glyph), which it does not count? */
static bool has_circles(const struct diagram *d)
{
	for (int r = 0; r < MAX_RANKS; r++)
		for (int f = 0; f < MAX_FILES; f++)
			if (d->man[r][f].glyph && strchr("ctT", d->man[r][f].glyph))
				return true;
	return false;
}

/* The package's colour, piece and rotation letters: w/s/n; K D T L S B, C
   (circle); R, U, L ('\0' upright). */
static bool man_code(const struct render_man *m, char *colour, char *piece, char *turn)
{
	static const char chess[] = "kqrbnp", german[] = "KDTLSB", turns[] = "\0RUL";
	*turn = 0;
	if (m->glyph == 't' || m->glyph == 'T') {
		/* drawn as the PDF draws them: attackers black, defenders white */
		*colour = m->side == 0 && m->glyph == 't' ? 's' : 'w';
		*piece = m->glyph == 'T' ? 'K' : 'C';
		return true;
	}
	*colour = m->side == SIDE_NEUTRAL ? 'n' : m->side == SIDE_BLACK ? 's' : 'w';
	if (m->glyph == 'c') {
		*piece = 'C'; /* no rotation with C */
		return true;
	}
	const char *c = m->glyph ? strchr(chess, m->glyph) : NULL;
	if (!c || !*c)
		return false;
	*piece = german[c - chess];
	*turn = turns[m->turn & 3];
	return true;
}

/* \pieces{wKf5, wTg7, ...}: white men first, then black, then neutral,
   each kind in the package's order, squares from a1 up. */
static bool pieces(FILE *f, const struct diagram *d)
{
	static const char colours[] = "wsn", order[] = "KDTLSBC", turns[] = "\1RUL";
	/* the count, "[6+2]" or "[5+3+1]", which the package checks against
	   the men (it does not count circles: \maatcount gives those boards'
	   count instead) */
	bool ok = true, first = true;
	if (has_circles(d)) {
		ok &= fputs("  \\pieces{", f) >= 0;
	} else {
		size_t n = strlen(d->count);
		ok &= fprintf(f, "  \\pieces[%.*s]{", n > 2 ? (int)n - 2 : 0, d->count + 1) > 0;
	}
	for (const char *c = colours; *c; c++)
		for (const char *o = order; *o; o++)
			for (const char *t = turns; *t; t++)
				for (int r = 0; r < d->game->ranks; r++)
					for (int fl = 0; fl < d->game->files; fl++) {
						char colour, piece, turn, sq[4];
						if (!man_code(&d->man[r][fl], &colour, &piece,
						              &turn) ||
						    colour != *c || piece != *o ||
						    (turn ? turn : '\1') != *t)
							continue;
						square_name(fl, r, sq);
						ok &=
						    fprintf(f, "%s%c%c%s%s", first ? "" : ", ",
						            colour, piece,
						            turn ? (char[]){turn, 0} : "", sq) > 0;
						first = false;
					}
	return ok && fputs("}\n", f) >= 0;
}

/* A tafl board: the grid as \gridlines, the special squares framed. */
static bool tafl_board(FILE *f, const struct diagram *d)
{
	const struct game *g = d->game;
	bool ok = fprintf(f, "  \\maatgrid\n  \\maatcount%s\n", d->count) > 0;
	ok &= fputs("  \\gridlines{", f) >= 0;
	for (int i = 1; i < g->files; i++)
		ok &= fprintf(f, "%sv{%d}{0}{%d}", i > 1 ? ", " : "", i, g->ranks) > 0;
	for (int i = 1; i < g->ranks; i++)
		ok &= fprintf(f, ", h{0}{%d}{%d}", i, g->files) > 0;
	ok &= fputs("}\n", f) >= 0;
	bool first = true;
	for (int r = 0; r < g->ranks && g->square_kind; r++)
		for (int fl = 0; fl < g->files; fl++) {
			if (g->square_kind(fl, r) == SQUARE_PLAIN)
				continue;
			char sq[4];
			square_name(fl, r, sq);
			ok &= fprintf(f, "%s%s", first ? "  \\fieldframe{" : ", ", sq) > 0;
			first = false;
		}
	return ok && (first || fputs("}\n", f) >= 0);
}

/* \author{Family, Given; ...} as the package reads names, one a line of
   the list (struct puzzle.authors).  A name without a comma ("Morok rule
   text") would break its parser (here and in \putsol): it gets an empty
   given name, \ignorespaces, which also swallows the space the package
   puts between given and family name.  A ';' in a name ("A; B", a Popeye
   Author line) is the package's separator of names: braced, "{;}", where
   its delimited macros do not see it. */
static bool authors(FILE *f, const char *list)
{
	bool ok = true;
	if (!list)
		return true;
	ok &= fputs("  \\author{", f) >= 0;
	bool first = true;
	for (const char *s = list; *s && ok;) {
		size_t n = strcspn(s, "\n");
		char *name = strndup(s, n);
		char *clean = name ? render_clean_text(name) : NULL; /* whole */
		free(name);
		s += n;
		s += *s == '\n';
		if (!clean)
			return false;
		if (!clean[0]) {
			free(clean);
			continue;
		}
		ok &= first || fputs("; ", f) >= 0;
		first = false;
		/* the name's parts between its ';', each escaped (cut in place) */
		for (char *part = clean; ok;) {
			size_t k = strcspn(part, ";");
			bool semi = part[k] == ';';
			part[k] = 0;
			ok &= tex(f, part);
			if (!semi)
				break;
			part[k] = ';';
			ok &= fputs("{;}", f) >= 0;
			part += k + 1;
		}
		if (!strchr(clean, ','))
			ok &= fputs(", \\ignorespaces", f) >= 0;
		free(clean);
	}
	return ok && fputs("}\n", f) >= 0;
}

static bool source_fields(FILE *f, const struct puzzle *p, const struct render_opts *o)
{
	bool ok = true;
	if (p->source_number) {
		/* the package prints the number as given before the source: a
		   number with its full stop, as the manual's "\sourcenr{3104.}"
		   ("7100. feenschach"), an id as it is ("s2026-c20641 maat
		   compose") */
		size_t n = strlen(p->source_number);
		bool number = render_source_number_numeric(p->source_number);
		char *nr = text_aprintf("%s%s", p->source_number, /* whole */
		                        !number || p->source_number[n - 1] == '.' ? "" : ".");
		ok &= nr && field(f, "sourcenr", nr);
		free(nr);
	}
	ok &= field(f, "source", p->source_name ? p->source_name : p->source);
	ok &= field(f, "issue", p->source_issue);
	int y, m, day;
	if (p->source_date && render_date_parts(p->source_date, &y, &m, &day)) {
		if (day && o->date_style != DATE_YEAR)
			ok &= fprintf(f, "  \\day{%d}\n", day) > 0;
		if (m && o->date_style != DATE_YEAR)
			ok &= fprintf(f, "  \\month{%d}\n", m) > 0;
		ok &= fprintf(f, "  \\year{%d}\n", y) > 0;
	} else if (p->source_date) {
		ok &= field(f, "year", p->source_date);
	}
	if (p->distinction || p->tourney) {
		ok &= field(f, "tournament", p->tourney);
		ok &= field(f, "award", p->distinction);
	} else {
		ok &= field(f, "award", p->award);
	}
	return ok;
}

/* "a; b; c": the package prints each part on its own line. */
static bool list_field(FILE *f, const char *name, char (*lines)[RENDER_LINE], int n)
{
	bool ok = true;
	if (n == 0)
		return true;
	ok &= fprintf(f, "  \\%s{", name) > 0;
	for (int i = 0; i < n; i++)
		ok &= (i == 0 || fputs("; ", f) >= 0) && tex(f, lines[i]);
	return ok && fputs("}\n", f) >= 0;
}

/* Every twin in \twins, "b) Move a1 a2; c) ...": TeX wraps the field, so
   none is left out (the twins past the 16th were dropped without a sign,
   as the drawn caption's were) */
static bool twins(FILE *f, const struct puzzle *p)
{
	bool ok = true;
	if (p->ntwins == 0)
		return true;
	ok &= fputs("  \\twins{", f) >= 0;
	for (int i = 0; i < p->ntwins; i++) {
		/* whole, as LaTeX writes its fields (cut at 255 bytes before) */
		char *whole = render_twin_whole(p, i);
		char *line = whole ? render_clean_text(whole) : NULL;
		ok &= line && (i == 0 || fputs("; ", f) >= 0) && tex(f, line);
		free(whole);
		free(line);
	}
	return ok && fputs("}\n", f) >= 0;
}

/* The solution as \solution: lines joined by \newline (\putsol reads it
   back as one macro argument, where \par is not allowed), the leading
   spaces of Popeye's variations kept as indentation. */
static bool solution(FILE *f, const struct diagram *d)
{
	const struct render_proof *pr = d->proof;
	const char *text = pr && pr->solution ? pr->solution : d->puzzle->solution;
	bool ok = true, first = true;
	if (!text && !(pr && !pr->sound))
		return true;
	ok &= fputs("  \\solution{", f) >= 0;
	if (!(pr && pr->solution) && text && pr)
		ok &= fputs("\\textit{as given, not checked by maat}\\newline\n    ", f) >= 0;
	while (text && *text) {
		size_t n = strcspn(text, "\n");
		/* each line whole, as LaTeX writes its fields (a line of help
		   play or a file's solution past 1,023 bytes was cut) */
		char *raw = strndup(text, n);
		char *line = raw ? render_clean_text(raw) : NULL;
		free(raw);
		if (!line)
			return false;
		int spaces = 0;
		while (line[spaces] == ' ')
			spaces++;
		if (line[spaces]) {
			/* \maatline: a line too long for the column hangs
			   deeper than the variations under it, not at the
			   margin, where it read as a line of its own */
			ok &= fputs(first ? "" : "\\newline\n    ", f) >= 0;
			ok &= fprintf(f, "\\maatline{%.1f}{", spaces * 0.5) > 0;
			ok &= tex(f, line + spaces) && fputs("}", f) >= 0;
			first = false;
		}
		free(line);
		text += n + (text[n] == '\n');
	}
	if (pr && !pr->sound) {
		/* whole: text, not a caption line */
		char *v = render_clean_text(pr->verdict ? pr->verdict : "");
		ok &= v &&
		      fputs(first ? "\\textit{maat: " : "\\newline\n    \\textit{maat: ", f) >= 0 &&
		      tex(f, v) && fputs("}", f) >= 0;
		free(v);
	}
	return ok && fputs("}\n", f) >= 0;
}

static bool environment(FILE *f, const struct diagram *d, const struct render_opts *o)
{
	const struct puzzle *p = d->puzzle;
	bool ok = true;
	if (d->skipped) {
		/* the package's text problem: the reason where the board would be */
		char line[RENDER_LINE + 16];
		snprintf(line, sizeof line, "not drawn: %s", d->reason);
		ok &= fputs("\\begin{diagram}\n", f) >= 0;
		ok &= d->number > 0 ? fprintf(f, "  \\specialdiagnum{%d}\n", d->number) > 0
		                    : fputs("  \\specialdiagnum{}\n", f) >= 0;
		ok &= fputs("  \\textproblem\n", f) >= 0 && field(f, "stipulation", line);
		return ok && fputs("\\end{diagram}\n", f) >= 0;
	}
	const struct game *g = d->game;
	ok &= g->files == 8 && g->ranks == 8
	          ? fputs("\\begin{diagram}\n", f) >= 0
	          : fprintf(f, "\\begin{diagram}[%dx%d]\n", g->files, g->ranks) > 0;
	ok &= d->number > 0 ? fprintf(f, "  \\specialdiagnum{%d}\n", d->number) > 0
	                    : fputs("  \\specialdiagnum{}\n", f) >= 0;
	if (g->board == BOARD_TAFL)
		ok &= tafl_board(f, d);
	else if (has_circles(d))
		ok &= fprintf(f, "  \\maatcount%s\n", d->count) > 0;
	/* the title on the number's line, as the PDF prints it ("10. Charles
	   XII at Bender"): the package has no field for it (\maattitle, in
	   the preamble) */
	ok &= field(f, "maattitle", p->title);
	ok &= authors(f, p->authors);
	ok &= source_fields(f, p, o);
	ok &= pieces(f, d);
	ok &= field(f, "stipulation", d->stip);
	char *cond = render_condition_whole(p); /* text: whole, not a caption line */
	ok &= cond && field(f, "condition", cond);
	free(cond);
	ok &= twins(f, p);
	/* the fairy men first, a kind a line, as the package's manual uses
	   \remark; then what a solver must know, and the key */
	char(*rem)[RENDER_LINE] = malloc((RENDER_MAX_KINDS + 8) * sizeof *rem);
	if (!rem)
		return false;
	int nr = render_legend(p, rem, RENDER_MAX_KINDS);
	render_colours_text(p, THEME_CLASSIC, rem[nr], RENDER_LINE);
	nr += rem[nr][0] != 0;
	nr += render_remarks(p, rem + nr, 6);
	if (o->show_key && d->proof && d->proof->sound && d->proof->key_text[0])
		snprintf(rem[nr++], RENDER_LINE, "Key: %s", d->proof->key_text);
	ok &= list_field(f, "remark", rem, nr);
	free(rem);
	if (d->proof && d->proof->sound)
		ok &= fputs("  \\Co+\n", f) >= 0;
	ok &= solution(f, d);
	return ok && fputs("\\end{diagram}\n", f) >= 0;
}

bool render_latex(const struct diagram *d, int n, const struct render_opts *o, FILE *f)
{
	static const char *const papers[] = {"a4paper", "letterpaper", "a5paper"};
	bool tafl = false, ok = true;
	for (int i = 0; i < n; i++)
		tafl |= !d[i].skipped && has_circles(&d[i]);
	ok &= fprintf(f,
	              "%% Written by maat render: one diagram environment per problem for the\n"
	              "%% diagram package (CTAN chess-problem-diagrams; Debian texlive-games).\n"
	              "%% pdflatex compiles it, latex and dvips too.\n"
	              "\\documentclass[%s]{article}\n"
	              "\\usepackage[utf8]{inputenc}\n"
	              "%% The names in T1 (the accented Latin letters); Cyrillic ones in T2A\n"
	              "%% where TeX Live has it (texlive-lang-cyrillic), else transliterated;\n"
	              "%% characters neither has named by their code (maat(1), LATEX).\n"
	              "\\newcommand*{\\maatcyrillic}[2]{{\\fontencoding{T2A}\\selectfont #1}}\n"
	              "\\newcommand*{\\maattranslit}[2]{#2}\n"
	              "\\IfFileExists{t2acmr.fd}{\\usepackage[T2A,T1]{fontenc}\\let\\maatcyr="
	              "\\maatcyrillic}%%\n"
	              "  {\\usepackage[T1]{fontenc}\\let\\maatcyr=\\maattranslit}\n"
	              "\\newcommand*{\\maatu}[1]{[U+#1]}\n"
	              "\\usepackage{diagram}\n"
	              "%% A line of a solution, indented #1 em: a line longer than the\n"
	              "%% column goes on 5 em further in, deeper than the variations under\n"
	              "%% it, as maat's PDF sets it (robust: \\putsol reads it from a file).\n"
	              "%% The indent leaves the line at least 12 em of the column: a deep\n"
	              "%% tree's line went past the page's edge, out of sight.\n"
	              "\\newlength{\\maatindent}\n"
	              "\\DeclareRobustCommand{\\maatline}[2]{\\setlength{\\maatindent}{#1em}%%\n"
	              "  \\ifdim\\maatindent>\\dimexpr\\linewidth-12em\\relax\n"
	              "    \\setlength{\\maatindent}{\\dimexpr\\linewidth-12em\\relax}\\fi\n"
	              "  \\ifdim\\maatindent<0pt \\setlength{\\maatindent}{0pt}\\fi\n"
	              "  \\hspace*{\\maatindent}%%\n"
	              "  \\parbox[t]{\\dimexpr\\linewidth-\\maatindent\\relax}%%\n"
	              "  {\\hangindent=5em\\hangafter=1\\noindent\\strut#2\\strut}}\n"
	              "%% A problem's title on its number's line, as maat's PDF prints it\n"
	              "%% (\"10. Charles XII at Bender\"): the package has no title field.\n"
	              "\\makeatletter\n"
	              "\\newif\\ifmaat@titled\\newtoks\\maat@title\n"
	              "\\newcommand{\\maattitle}[1]{\\maat@title={#1}\\maat@titledtrue}\n"
	              "\\@ifundefined{@dia@number}{}{\\let\\maat@number=\\@dia@number\n"
	              "  \\def\\@dia@number{\\ifmaat@titled\n"
	              "    \\ifthenelse{\\boolean{@cpd@numbering@local}}%%\n"
	              "      {\\above@newline{\\authorfont\\thediag.~\\the\\maat@title}}%%\n"
	              "      {\\above@newline{\\authorfont\\the\\maat@title}}%%\n"
	              "    \\else\\maat@number\\fi\\global\\maat@titledfalse}}\n"
	              "\\makeatother\n",
	              papers[o->paper]) > 0;
	if (tafl)
		ok &=
		    fputs(
		        "% Tafl boards: the package has no tafl men and draws an uncheckered\n"
		        "% board's grid with PSTricks, which pdfLaTeX cannot run.  maat draws\n"
		        "% the grid with \\gridlines (\\maatgrid turns the PSTricks lines off),\n"
		        "% the men as circles (black: attackers, white: defenders) and gives the\n"
		        "% piece count, which the package does not count for circles.\n"
		        "\\makeatletter\n"
		        "\\newcommand*{\\maatgrid}{\\def\\psset##1{}\\def\\psline(##1)(##2){}%\n"
		        "  \\allwhite}\n"
		        "\\def\\maatcount(#1+#2){\\def\\do@put@count{\\ \\ (#1+#2)}}\n"
		        "\\makeatother\n",
		        f) >= 0;
	if (!o->solved)
		ok &= fputs("% maat did not solve these problems in this run: no C+ or C-.\n"
		            "\\setboolean{showcomputer}{false}\n",
		            f) >= 0;
	if (o->date_style == DATE_ROMAN)
		ok &= fputs("\\setmonthstyle{Roman}\n", f) >= 0;
	ok &= fputs("\\begin{document}\n", f) >= 0;
	if (o->title) {
		char *t = render_clean_text(o->title); /* whole: text, not a caption line */
		ok &= t && fputs("\\begin{center}\\large\\itshape ", f) >= 0 && tex(f, t) &&
		      fputs("\\end{center}\n", f) >= 0;
		free(t);
	}
	ok &= fputs("\\noindent\n", f) >= 0;
	for (int i = 0; i < n; i++)
		ok &= environment(f, &d[i], o) && fputs("\\hfill\n", f) >= 0;
	if (o->solutions)
		ok &= fputs("\\par\\bigskip\n\\section*{Solutions}\n\\putsol\n", f) >= 0;
	return ok && fputs("\\end{document}\n", f) >= 0;
}
