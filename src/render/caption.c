/*
** caption.c -- the words around a diagram, in the print convention that
** diagram.sty (chess-problem-diagrams) set: above the board the number and
** title, the authors in bold, the source in italic (number, name, issue,
** date), the award; below it the stipulation on the left, "C+" and the piece
** count on the right, then the condition line, the twins and the remarks a
** solver needs (side to move, retro facts), each on its own line.
**
** The strings are built here once, from the puzzle and the game's data; the
** cairo caption, the SVG text and the LaTeX writer all print these.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/textsafe.h"
#include "model/twin_steps.h"
#include "notation/fairy.h"
#include "notation/move_parse.h"
#include "play/stip.h"
#include "render/caption.h"
#include "render/fonts.h"

/* ---------------------------------------------------------------- text */

/* Length of the UTF-8 sequence at s (at most n bytes), 0 if it is not one. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0x80             ? 1
	             : (s[0] & 0xE0) == 0xC0 ? 2
	             : (s[0] & 0xF0) == 0xE0 ? 3
	             : (s[0] & 0xF8) == 0xF0 ? 4
	                                     : 0;
	if (!len || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xC0) != 0x80)
			return 0;
	unsigned cp = len == 1   ? s[0]
	              : len == 2 ? s[0] & 0x1Fu
	              : len == 3 ? s[0] & 0x0Fu
	                         : s[0] & 0x07u;
	for (size_t i = 1; i < len; i++)
		cp = cp << 6 | (s[i] & 0x3Fu);
	/* overlong forms, surrogates and what lies past U+10FFFF are not text */
	static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
	if (cp < least[len] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0;
	return len;
}

/* Is the UTF-8 character c[0..k) a Unicode noncharacter (U+FDD0-U+FDEF,
   U+FFFE and U+FFFF of every plane)?  cairo takes none of them: text
   holding one puts the context in an error state, after which it draws
   nothing (a booklet ended at such a title, exit 0); XML forbids U+FFFE
   and U+FFFF. */
static bool noncharacter(const unsigned char *c, size_t k)
{
	unsigned cp = k == 3   ? (c[0] & 0x0Fu) << 12 | (c[1] & 0x3Fu) << 6 | (c[2] & 0x3Fu)
	              : k == 4 ? (c[0] & 0x07u) << 18 | (c[1] & 0x3Fu) << 12 | (c[2] & 0x3Fu) << 6 |
	                             (c[3] & 0x3Fu)
	                       : 0;
	return k >= 3 && ((cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE);
}

/* s cleaned for a surface, whole, added to b: a stray byte '?', a control
   character a space, a noncharacter U+FFFD. */
static void clean_text(struct strbuf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	for (size_t i = 0; i < n;) {
		const unsigned char *c = (const unsigned char *)s + i;
		size_t k = utf8_seq(c, n - i);
		if (k == 0) { /* a stray byte: one replacement character */
			strbuf_putc(b, '?');
			i++;
			continue;
		}
		bool control = (k == 1 && (c[0] < 0x20 || c[0] == 0x7F)) ||
		               (k == 2 && c[0] == 0xC2 && c[1] < 0xA0);
		if (control)
			strbuf_putc(b, ' ');
		else if (noncharacter(c, k))
			strbuf_put(b, "\xEF\xBF\xBD", 3); /* U+FFFD */
		else
			strbuf_put(b, (const char *)c, k);
		i += k;
	}
}

char *render_clean_text(const char *s)
{
	struct strbuf b = STRBUF_INIT;
	clean_text(&b, s);
	return strbuf_take(&b);
}

void render_copy_text(char *buf, size_t len, const char *s)
{
	if (!len)
		return;
	struct strbuf b = STRBUF_INIT;
	clean_text(&b, s);
	/* cut between two characters, with an ellipsis (issue 11) */
	text_copy(buf, len, strbuf_failed(&b) ? "" : strbuf_str(&b));
	strbuf_free(&b);
}

/* Append (a copy of) s to buf, cut between characters with an ellipsis. */
static void append(char *buf, size_t len, const char *s)
{
	size_t have = strlen(buf);
	if (have + 1 < len)
		render_copy_text(buf + have, len - have, s);
}

static void appendf_int(char *buf, size_t len, const char *fmt, int v)
{
	char t[32];
	snprintf(t, sizeof t, fmt, v);
	append(buf, len, t);
}

/* ------------------------------------------------------------ the sides */

static const char *side_label(const struct puzzle *p, int side)
{
	const struct game *g = p->game;
	if (p->caption_style && strcmp(p->caption_style, "seed") == 0 && g->side_lore[side])
		return g->side_lore[side];
	return g->side_name[side] ? g->side_name[side] : (side ? "Black" : "White");
}

static int side_to_move(const struct puzzle *p)
{
	return p->game->side_to_move ? p->game->side_to_move(p->pos) != 0 : 0;
}

/* Problem notation ("#2", "h#3", "=2") is printed as written. */
static bool notation(const struct puzzle *p)
{
	const char *t = p->stip.text;
	return strchr(t, '#') || t[0] == '=' || !t[0];
}

void render_stip_text(const struct puzzle *p, char *buf, size_t len)
{
	const char *side = side_label(p, side_to_move(p));
	buf[0] = 0;
	if (!p->has_stip) {
		append(buf, len, side);
		append(buf, len, " to move");
		return;
	}
	if (notation(p)) {
		append(buf, len, p->stip.text);
		return;
	}
	/* a play of whichever side moves (direct) names it */
	if (stip_play(&p->stip)->any_side) {
		append(buf, len, side);
		append(buf, len, " to ");
		append(buf, len, stip_target_word(p->stip.target));
		appendf_int(buf, len, " in %d", p->stip.n);
		return;
	}
	append(buf, len, p->stip.text);
	buf[0] = (char)toupper((unsigned char)buf[0]);
	/* who wins, which the words alone do not say ("Help-win in 2": who?):
	   the solving side, or in self play its opponent, forced */
	const struct play *pl = stip_play(&p->stip);
	const char *goal = stip_target_word(p->stip.target);
	int solver = stip_solver_starts(&p->stip) ? side_to_move(p) : !side_to_move(p);
	bool forced =
	    pl->family == FAMILY_BATTLE ? pl->goal != GOAL_DIRECT : plan_forced_end(pl->plan);
	const char *name = side_label(p, solver);
	size_t n = strlen(name);
	bool plural = n > 1 && name[n - 1] == 's'; /* "Attackers win" */
	append(buf, len, ": ");
	append(buf, len, name);
	if (forced) {
		append(buf, len, plural ? " force " : " forces ");
		append(buf, len, side_label(p, !solver));
		append(buf, len, " to ");
		append(buf, len, goal);
	} else {
		append(buf, len, " ");
		append(buf, len, goal);
		append(buf, len, plural ? "" : "s");
	}
}

/* ------------------------------------------------------ heading strings */

static const char *trim(const char *s, const char *end, size_t *n)
{
	while (s < end && isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*n = (size_t)(end - s);
	return s;
}

/* n bytes of s appended.  A name longer than a line is cut between two
   characters, and long enough still for append() to cut it again with its
   ellipsis (cut here at RENDER_LINE, inside a character, an author's name
   ended in a '?' and no ellipsis). */
static void append_n(char *buf, size_t len, const char *s, size_t n)
{
	char t[2 * RENDER_LINE];
	snprintf(t, sizeof t, "%.*s", (int)text_fit(s, n, sizeof t - 1), s);
	append(buf, len, t);
}

/* Given names as initials: "Edith Elina Helen" -> "E. E. H.", "Jean-Marc"
   -> "J.-M."; a name already an initial stays as it is. */
static void append_initials(char *buf, size_t len, const char *s, size_t n)
{
	const char *end = s + n;
	bool first = true;
	while (s < end) {
		while (s < end && *s == ' ')
			s++;
		if (s >= end)
			break;
		const char *word = s;
		while (s < end && *s != ' ')
			s++;
		append(buf, len, first ? "" : " ");
		first = false;
		/* each part of a hyphenated name: its first character, a full stop */
		for (const char *part = word; part < s;) {
			const char *hy = memchr(part, '-', (size_t)(s - part));
			const char *pe = hy ? hy : s;
			size_t k = 1;
			while (part + k < pe && ((unsigned char)part[k] & 0xC0) == 0x80)
				k++;
			if (pe > part) {
				append_n(buf, len, part, k);
				append(buf, len, ".");
			}
			if (!hy)
				break;
			append(buf, len, "-");
			part = hy + 1;
		}
	}
}

static void authors(const char *in, bool initials, char *buf, size_t len)
{
	int total = 1, i = 0;
	buf[0] = 0;
	if (!in)
		return;
	/* one author a line (struct puzzle.authors) */
	for (const char *c = in; *c; c++)
		total += *c == '\n';
	while (*in) {
		const char *end = strchr(in, '\n');
		if (!end)
			end = in + strlen(in);
		const char *comma = memchr(in, ',', (size_t)(end - in));
		size_t n1, n2;
		if (i > 0)
			append(buf, len, i == total - 1 ? " & " : ", ");
		if (comma) {
			const char *given = trim(comma + 1, end, &n2);
			const char *family = trim(in, comma, &n1);
			if (initials)
				append_initials(buf, len, given, n2);
			else
				append_n(buf, len, given, n2);
			if (n2)
				append(buf, len, " ");
			append_n(buf, len, family, n1);
		} else {
			const char *name = trim(in, end, &n1);
			append_n(buf, len, name, n1);
		}
		i++;
		in = *end ? end + 1 : end;
	}
}

void render_authors_text(const char *in, char *buf, size_t len)
{
	authors(in, false, buf, len);
}

void render_authors_short(const char *in, char *buf, size_t len)
{
	authors(in, true, buf, len);
}

/* "1859-03-16" -> year, month, day (0 when absent); false if no such date. */
bool render_date_parts(const char *s, int *y, int *m, int *d)
{
	int v[3] = {0, 0, 0}, digits[3] = {4, 2, 2}, k = 0;
	for (; k < 3; k++) {
		int n = 0;
		while (isdigit((unsigned char)*s) && n < digits[k])
			v[k] = v[k] * 10 + (*s++ - '0'), n++;
		if (n == 0 || (k == 0 && n != 4))
			return false;
		if (*s != '-')
			break;
		s++;
	}
	if (*s || v[1] > 12 || v[2] > 31 || (k > 0 && v[1] == 0) || (k > 1 && v[2] == 0))
		return false;
	*y = v[0];
	*m = v[1];
	*d = v[2];
	return true;
}

void render_date_text(const char *date, enum render_date ds, char *buf, size_t len)
{
	static const char *const roman[13] = {"",    "I",    "II", "III", "IV", "V",  "VI",
	                                      "VII", "VIII", "IX", "X",   "XI", "XII"};
	static const char *const months[13] = {
	    "",     "January", "February",  "March",   "April",    "May",     "June",
	    "July", "August",  "September", "October", "November", "December"};
	int y, m, d;
	buf[0] = 0;
	if (!date)
		return;
	if (ds == DATE_ISO || !render_date_parts(date, &y, &m, &d)) {
		append(buf, len, date);
		return;
	}
	char t[64];
	if (ds == DATE_YEAR || m == 0)
		snprintf(t, sizeof t, "%d", y);
	else if (ds == DATE_LONG && d)
		snprintf(t, sizeof t, "%d %s %d", d, months[m], y);
	else if (ds == DATE_LONG)
		snprintf(t, sizeof t, "%s %d", months[m], y);
	else if (ds == DATE_ROMAN && d)
		snprintf(t, sizeof t, "%d.%s.%d", d, roman[m], y);
	else if (ds == DATE_ROMAN)
		snprintf(t, sizeof t, "%s/%d", roman[m], y);
	else if (d) /* diagram.sty's own: 16.8.1894, 3/1859 */
		snprintf(t, sizeof t, "%d.%d.%d", d, m, y);
	else
		snprintf(t, sizeof t, "%d/%d", m, y);
	append(buf, len, t);
}

bool render_source_number_numeric(const char *s)
{
	size_t n = strspn(s, "0123456789");
	return n > 0 && (s[n] == 0 || (s[n] == '.' && s[n + 1] == 0));
}

static void source(const struct puzzle *p, enum render_date ds, bool issue, char *buf, size_t len)
{
	buf[0] = 0;
	if (!p->source_name && !p->source_issue && !p->source_number && !p->source_date) {
		append(buf, len, p->source); /* a puzzle built without the parts */
		return;
	}
	/* diagram.sty's \sourcenr: "7100. feenschach"; an id that is no
	   number ("s2026-c11804") reads better after the name */
	bool numeric = p->source_number && render_source_number_numeric(p->source_number);
	if (numeric) {
		append(buf, len, p->source_number);
		append(buf, len, ". ");
	}
	const char *sep = "";
	if (p->source_name) {
		append(buf, len, p->source_name);
		sep = ", ";
	}
	if (p->source_number && !numeric) {
		append(buf, len, sep);
		append(buf, len, p->source_number);
		sep = ", ";
	}
	if (p->source_issue && issue) {
		append(buf, len, sep);
		append(buf, len, p->source_issue);
		sep = ", ";
	}
	if (p->source_date) {
		char date[64];
		render_date_text(p->source_date, ds, date, sizeof date);
		append(buf, len, sep);
		append(buf, len, date);
	}
}

void render_source_text(const struct puzzle *p, enum render_date ds, char *buf, size_t len)
{
	source(p, ds, true, buf, len);
}

void render_source_short(const struct puzzle *p, char *buf, size_t len)
{
	source(p, DATE_YEAR, false, buf, len);
}

void render_award_text(const struct puzzle *p, char *buf, size_t len)
{
	buf[0] = 0;
	if (!p->distinction && !p->tourney) {
		append(buf, len, p->award);
		return;
	}
	append(buf, len, p->distinction);
	if (p->tourney) {
		if (p->distinction)
			append(buf, len, ", ");
		append(buf, len, p->tourney);
	}
}

/* ------------------------------------------------------- below the board */

char *render_condition_whole(const struct puzzle *p)
{
	struct strbuf b = STRBUF_INIT;
	strbuf_puts(&b, p->game->condition ? p->game->condition : "");
	if (p->rules_text) {
		strbuf_puts(&b, b.len ? "; " : "");
		strbuf_puts(&b, p->rules_text);
	}
	if (p->conditions) {
		/* as the file names them, each capitalised ("circe" -> "Circe") */
		strbuf_puts(&b, b.len ? "; " : "");
		for (const char *c = p->conditions; *c; c++) {
			bool first = c == p->conditions ||
			             (c - p->conditions >= 2 && c[-2] == ';' && c[-1] == ' ');
			strbuf_putc(&b, first ? (char)toupper((unsigned char)*c) : *c);
		}
	}
	if (strbuf_failed(&b)) {
		strbuf_free(&b);
		return NULL;
	}
	char *s = b.len ? strbuf_take(&b) : strdup("");
	strbuf_free(&b);
	return s;
}

void render_condition_text(const struct puzzle *p, char *buf, size_t len)
{
	buf[0] = 0;
	char *whole = render_condition_whole(p);
	if (whole)
		append(buf, len, whole); /* a caption line: cut with an ellipsis */
	free(whole);
}

void render_colours_text(const struct puzzle *p, enum render_theme theme, char *buf, size_t len)
{
	const struct game *g = p->game;
	buf[0] = 0;
	if (g->board != BOARD_TAFL)
		return;
	/* pieces.c: the attackers black in every theme */
	append(buf, len, g->side_name[0] ? g->side_name[0] : "Attackers");
	append(buf, len, " black, ");
	char second[64];
	snprintf(second, sizeof second, "%s", g->side_name[1] ? g->side_name[1] : "defenders");
	second[0] = (char)tolower((unsigned char)second[0]);
	append(buf, len, second);
	append(buf, len, theme == THEME_SEED ? " red" : " white");
}

/* The legend of one man (capitalised): "Grasshopper", "Royal Zebra",
   "Neutral Bishop"; "" for an orthodox man of a side. */
static void man_legend(const struct puzzle_man *m, char *buf, size_t len)
{
	const struct fairy_walk *w = fairy_walk_find(m->code, strlen(m->code));
	bool orthodox = fairy_walk_orthodox(w);
	buf[0] = 0;
	if (orthodox && !m->attrs && m->colour != MAN_NEUTRAL)
		return;
	if (m->attrs) {
		append(buf, len, m->attrs);
		append(buf, len, " ");
	}
	if (m->colour == MAN_NEUTRAL)
		append(buf, len, "Neutral ");
	if (w) {
		/* each word capitalised, as Olive's legends: "Rook Hopper" */
		char name[64];
		snprintf(name, sizeof name, "%s", w->name);
		for (char *c = name; *c; c++)
			if (c == name || c[-1] == ' ')
				*c = (char)toupper((unsigned char)*c);
		append(buf, len, name);
	} else {
		char code[8];
		snprintf(code, sizeof code, "'%c%c'", toupper((unsigned char)m->code[0]),
		         toupper((unsigned char)m->code[1]));
		append(buf, len, code[2] == '\0' ? "'?'" : code);
	}
	buf[0] = (char)toupper((unsigned char)buf[0]);
	/* a name is not broken across lines: its spaces are no-break spaces */
	char one[RENDER_LINE];
	size_t o = 0;
	for (const char *c = buf; *c && o + 3 < sizeof one; c++) {
		if (*c == ' ')
			one[o++] = '\xc2', one[o++] = '\xa0';
		else
			one[o++] = *c;
	}
	one[o] = 0;
	buf[0] = 0;
	append(buf, len, one);
}

int render_legend(const struct puzzle *p, char (*out)[RENDER_LINE], int max)
{
	int n = 0;
	if (p->has_position)
		return 0;
	/* each kind once, in the file's order, with its squares */
	for (int i = 0; i < p->nmen && n < max; i++) {
		char what[RENDER_LINE], other[RENDER_LINE];
		man_legend(&p->men[i], what, sizeof what);
		bool seen = !what[0];
		for (int j = 0; j < i && !seen; j++) {
			man_legend(&p->men[j], other, sizeof other);
			seen = strcmp(what, other) == 0;
		}
		if (seen)
			continue;
		char *buf = out[n++];
		buf[0] = 0;
		int k = 0;
		for (int j = i; j < p->nmen; j++) {
			man_legend(&p->men[j], other, sizeof other);
			if (strcmp(what, other) != 0)
				continue;
			char sq[4];
			square_name(p->men[j].file, p->men[j].rank, sq);
			append(buf, RENDER_LINE, k++ ? ", " : "");
			append(buf, RENDER_LINE, sq);
		}
		append(buf, RENDER_LINE, ":\xc2\xa0"); /* the name never alone on a line */
		append(buf, RENDER_LINE, what);
	}
	return n;
}

/* A piece in a twin as a caption prints it: his figurine, as the
   booklet's solutions do ("-\u2658e1"); a pawn by his letter ("-Ph2"). */
static void caption_piece(const void *ctx, char popeye, char **o, char *end)
{
	(void)ctx;
	const char *fg = notation_figurine(popeye);
	size_t n = fg ? strlen(fg) : 1;
	if (*o + n < end) {
		memcpy(*o, fg ? fg : &popeye, n);
		*o += n;
	}
}

static void caption_man(const void *ctx, const struct piece_kind *k, char **o, char *end)
{
	caption_piece(ctx, k->popeye, o, end);
}

char *render_twin_whole(const struct puzzle *p, int i)
{
	const struct twin *t = &p->twins[i];
	/* as magazines print it, where maat holds the men the commands name */
	if (p->game && p->has_position && !p->nmen && p->twins_ready) {
		const struct twin_letters letters = {caption_man, caption_piece, NULL};
		char *text = twin_magazine_label(p, i, &letters);
		if (text)
			return text;
	}
	struct strbuf b = STRBUF_INIT;
	strbuf_puts(&b, t->label ? t->label : "");
	strbuf_puts(&b, ") ");
	/* one line: the twinning commands with their spacing folded */
	bool space = false;
	for (const char *s = t->text ? t->text : ""; *s; s++) {
		if (isspace((unsigned char)*s)) {
			space = true;
			continue;
		}
		if (space && b.len && b.s[b.len - 1] != ' ')
			strbuf_putc(&b, ' ');
		space = false;
		strbuf_putc(&b, *s);
	}
	return strbuf_take(&b);
}

void render_twin_text(const struct puzzle *p, int i, char *buf, size_t len)
{
	char *whole = render_twin_whole(p, i);
	render_copy_text(buf, len, whole ? whole : "");
	free(whole);
}

/* Who usually moves first in a stipulation, the play's row says: the
   solving side (0) in direct and self play, the other side in help play of
   whole moves (h#2) and in a helping series (ser-h#1). */
static int usual_first_side(const struct puzzle *p)
{
	return stip_usual_first(&p->stip);
}

/* Castling rights the position would have by the usual convention (king
   and rook at home) that the puzzle takes away: "KQ" -> "no castling". */
static void castling_remark(const struct puzzle *p, const struct setup *s, char *buf, size_t len)
{
	const struct game *g = p->game;
	char usual[8];
	buf[0] = 0;
	game_usual_castling(g, s, usual); /* as Popeye: king and rook at home */
	char denied[8] = "";
	int nd = 0, nusual = 0;
	for (const char *c = usual; *c; c++, nusual++)
		if (!strchr(s->castling, *c) && nd < 6)
			denied[nd++] = *c;
	denied[nd] = 0;
	if (nd == 0)
		return;
	if (nd == nusual) {
		append(buf, len, "no castling");
		return;
	}
	append(buf, len, "no castling");
	for (int i = 0; i < nd; i++) {
		const struct castling_right *c = game_castling_right(g, denied[i]);
		if (!c)
			continue;
		append(buf, len, i ? ", " : ": ");
		append(buf, len, side_label(p, c->side));
		append(buf, len, " ");
		append(buf, len, c->name);
	}
}

int render_remarks(const struct puzzle *p, char (*out)[RENDER_LINE], int max)
{
	const struct game *g = p->game;
	int n = 0;
	if (max <= 0 || !p->has_position || !g->get_setup)
		return 0;
	int stm = side_to_move(p);
	if (p->has_stip && stm != usual_first_side(p)) {
		const char *side = side_label(p, stm);
		char stip[RENDER_LINE];
		render_stip_text(p, stip, sizeof stip);
		if (strncmp(stip, side, strlen(side)) != 0) {
			out[n][0] = 0;
			append(out[n], RENDER_LINE, side);
			append(out[n++], RENDER_LINE, " to move");
		}
	}
	if (!(g->notation & SETUP_RETRO))
		return n;
	struct setup s;
	g->get_setup(p->pos, &s);
	if (n < max && s.en_passant[0] && strcmp(s.en_passant, "-") != 0) {
		out[n][0] = 0;
		append(out[n], RENDER_LINE, "e.p. possible (");
		append(out[n], RENDER_LINE, s.en_passant);
		append(out[n++], RENDER_LINE, ")");
	}
	if (n < max) {
		castling_remark(p, &s, out[n], RENDER_LINE);
		n += out[n][0] != 0;
	}
	return n;
}

/* ---------------------------------------------------------- the caption */

static void add(char (*lines)[RENDER_LINE], enum render_font *fonts, int *n, int max,
                enum render_font f, const char *text)
{
	if (!text || !*text || *n >= max)
		return;
	render_copy_text(lines[*n], RENDER_LINE, text);
	fonts[(*n)++] = f;
}

static void add_head(struct diagram *d, enum render_font f, const char *text)
{
	add(d->head, d->head_font, &d->nhead, RENDER_HEAD_LINES, f, text);
}

/* The short form of the heading line just added, when it is shorter. */
static void head_short(struct diagram *d, const char *text)
{
	if (d->nhead && text[0] && strcmp(text, d->head[d->nhead - 1]) != 0)
		render_copy_text(d->head_short[d->nhead - 1], RENDER_LINE, text);
}

static void add_foot(struct diagram *d, enum render_font f, const char *text)
{
	add(d->foot, d->foot_font, &d->nfoot, RENDER_FOOT_LINES, f, text);
}

void render_caption_build(struct diagram *d, const struct puzzle *p, int number,
                          const struct render_opts *o)
{
	char line[RENDER_LINE];
	const struct render_proof *proof = d->proof;
	d->nhead = d->nfoot = 0;
	line[0] = 0;
	if (number > 0)
		appendf_int(line, sizeof line, "%d", number);
	if (number > 0 && p->title && *p->title)
		append(line, sizeof line, ". ");
	append(line, sizeof line, p->title);
	add_head(d, FONT_BOLD, line);
	int before = d->nhead;
	render_authors_text(p->authors, line, sizeof line);
	add_head(d, FONT_BOLD, line);
	if (d->nhead > before) {
		render_authors_short(p->authors, line, sizeof line);
		head_short(d, line);
	}
	before = d->nhead;
	render_source_text(p, o->date_style, line, sizeof line);
	add_head(d, FONT_ITALIC, line);
	if (d->nhead > before) {
		render_source_short(p, line, sizeof line);
		head_short(d, line);
	}
	render_award_text(p, line, sizeof line);
	add_head(d, FONT_REGULAR, line);

	render_stip_text(p, d->stip, sizeof d->stip);
	snprintf(d->proved, sizeof d->proved, "%s", proof && proof->sound ? "C+" : "");
	puzzle_piece_count(p, d->count, sizeof d->count);

	render_condition_text(p, line, sizeof line);
	add_foot(d, FONT_REGULAR, line);
	render_colours_text(p, o->theme, line, sizeof line);
	add_foot(d, FONT_ITALIC, line);
	/* the fairy men: as many kinds a line as fit it, "; " between */
	char(*legend)[RENDER_LINE] = malloc(RENDER_MAX_KINDS * sizeof *legend);
	int nl = legend ? render_legend(p, legend, RENDER_MAX_KINDS) : 0;
	line[0] = 0;
	for (int i = 0; i < nl; i++) {
		if (line[0] && strlen(line) + 2 + strlen(legend[i]) >= sizeof line) {
			add_foot(d, FONT_REGULAR, line);
			line[0] = 0;
		}
		append(line, sizeof line, line[0] ? "; " : "");
		append(line, sizeof line, legend[i]);
	}
	add_foot(d, FONT_REGULAR, line);
	free(legend);
	char remarks[4][RENDER_LINE];
	int nr = render_remarks(p, remarks, 4);
	/* the twins in the lines the remarks and the key leave; when they do
	   not all fit, the last says how many are not shown (they were dropped
	   without a sign past the 16th line) */
	bool key = o->show_key && proof && proof->sound && proof->key_text[0];
	int room = RENDER_FOOT_LINES - d->nfoot - nr - (key ? 1 : 0);
	int shown = p->ntwins <= room ? p->ntwins : room - 1;
	for (int i = 0; i < shown; i++) {
		render_twin_text(p, i, line, sizeof line);
		add_foot(d, FONT_REGULAR, line);
	}
	if (shown < p->ntwins) {
		snprintf(line, sizeof line, "... and %d more twin%s (not shown)", p->ntwins - shown,
		         p->ntwins - shown == 1 ? "" : "s");
		add_foot(d, FONT_ITALIC, line);
	}
	for (int i = 0; i < nr; i++)
		add_foot(d, FONT_ITALIC, remarks[i]);
	if (o->show_key && proof && proof->sound && proof->key_text[0]) {
		snprintf(line, sizeof line, "Key: %s", proof->key_text);
		add_foot(d, FONT_REGULAR, line);
	}

	/* one line that says what the picture is (SVG <title>) */
	d->title[0] = 0;
	for (int i = 0; i < d->nhead; i++) {
		append(d->title, sizeof d->title, i ? ", " : "");
		append(d->title, sizeof d->title, d->head[i]);
	}
	append(d->title, sizeof d->title, d->title[0] ? ": " : "");
	append(d->title, sizeof d->title, d->stip);
	append(d->title, sizeof d->title, " ");
	append(d->title, sizeof d->title, d->count);
	for (int i = 0; i < d->nfoot; i++) {
		append(d->title, sizeof d->title, "; ");
		append(d->title, sizeof d->title, d->foot[i]);
	}
}

void render_caption(const struct render_fonts *fo, cairo_t *cr, const struct render_layout *l)
{
	char buf[RENDER_LINE];
	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int i = 0; i < l->ntext; i++) {
		const struct render_text *t = &l->text[i];
		snprintf(buf, sizeof buf, "%.*s", t->len, t->text);
		render_set_font(fo, cr, t->font, t->size);
		cairo_move_to(cr, t->x, t->y);
		cairo_show_text(cr, buf);
	}
}

/* File letters under the frame, rank numbers to its left (flip-aware). */
void render_coords(const struct render_fonts *fo, cairo_t *cr, const struct render_layout *l,
                   const struct render_opts *o)
{
	double cs = l->coord_size;
	if (!o->coords)
		return;
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	for (int f = 0; f < l->files; f++) {
		char s[2] = {(char)('a' + f), 0};
		double x, y;
		render_square_xy(l, o->flip, f, 0, &x, &y);
		double w = render_text_width(fo, FONT_REGULAR, cs, s);
		render_set_font(fo, cr, FONT_REGULAR, cs);
		cairo_move_to(cr, x + (l->sq - w) / 2, l->frame_y + l->frame_h + 1.05 * cs);
		cairo_show_text(cr, s);
	}
	for (int r = 0; r < l->ranks; r++) {
		char s[2] = {(char)('1' + r), 0};
		double x, y;
		render_square_xy(l, o->flip, 0, r, &x, &y);
		double w = render_text_width(fo, FONT_REGULAR, cs, s);
		render_set_font(fo, cr, FONT_REGULAR, cs);
		cairo_move_to(cr, l->frame_x - 0.45 * cs - w, y + l->sq / 2 + 0.33 * cs);
		cairo_show_text(cr, s);
	}
}
