/*
** puzzle_write.c -- YACPDB entries and Popeye input from puzzles.
**
** Both writers start from the same facts of a puzzle (facts()): the men
** in Popeye's codes, the options the position needs (HalfDuplex,
** NoCastling, EnPassant) and the options the file gave, then write them in
** their own syntax.  A YACPDB entry of chess holds only YACPDB's fields
** (schema: /work/peers/yacpdb, yacpdb-entry.schema.json, v1.1); other
** games keep maat's own (game:, board:, to-move:), as maat-puzzle(5) has
** them.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "output/puzzle_write.h"
#include "base/strbuf.h"
#include "base/textsafe.h"
#include "model/twin.h"
#include "notation/popeye_lang.h"
#include "play/stip.h"

#define MAX_OPTS 64

static bool is_chess(const struct puzzle *p)
{
	/* YACPDB's and Popeye's game: the one their files hold, naming none */
	return p->game && p->game == game_default();
}

/*
** Twins the reader left unread, the diagram having what maat does not
** solve (a reci-h#2): read here, each applied to the diagram or, continued,
** to the twin before it, as the reader would; true when every one reads
** whole (twin_apply takes nothing but its twinnings and their arguments).
*/
static bool twins_read(const struct puzzle *p)
{
	const struct game *g = p->game;
	if (!g->get_setup)
		return false;
	struct setup diagram, prev, s;
	g->get_setup(p->pos, &diagram);
	prev = diagram;
	for (int i = 0; i < p->ntwins; i++) {
		const struct twin *t = &p->twins[i];
		if (t->duplex || !t->text)
			return false; /* made by the reader, which read them all */
		struct twin_change ch;
		s = t->continued || twin_continued(t->text) ? prev : diagram;
		if (twin_apply(g, t->text, &s, &ch) != TWIN_OK)
			return false;
		prev = s;
	}
	return true;
}

/*
** Popeye 4.104 holds each of Author, Origin, Award and Title in 256 bytes
** (ActAuthor... in input/plaintext/problem.c), every line of it ended by a
** newline, and its line buffer is as long (LINESIZE): a longer text is
** "input line overflow" or, joined from several lines, runs past the
** buffer.  The bytes Popeye needs for text, each line of it a line of ours.
*/
#define POPEYE_TEXT_MAX 255

static size_t popeye_text_bytes(const char *text)
{
	size_t bytes = 0;
	for (const char *a = text; a && *a;) {
		size_t n = strcspn(a, "\n");
		if (n)
			bytes += n + 1;
		a += n;
		a += *a == '\n';
	}
	return bytes;
}

const char *puzzle_write_refusal(const struct puzzle *p, enum write_format f)
{
	if (p->error)
		return "it has an error";
	if (p->incomplete)
		return "it has what maat does not read (fairy pieces or conditions)";
	/* (the reason, p->unsupported, follows in convert's message: a
	   fairy piece, a proof game) */
	if (!p->has_position && p->unsupported)
		return "maat does not read it";
	if (!p->has_position)
		return "it has no position";
	if (!p->stip.text[0])
		return "it has no stipulation";
	if (f == WRITE_POPEYE && !is_chess(p))
		return "Popeye input is for chess";
	/* written whole or not at all: a cut text would be another problem's
	   caption (and maat's reader would read what Popeye refuses) */
	if (f == WRITE_POPEYE && popeye_text_bytes(p->authors) > POPEYE_TEXT_MAX)
		return "its authors take more than the 255 bytes Popeye reads";
	if (f == WRITE_POPEYE && popeye_text_bytes(p->source) > POPEYE_TEXT_MAX)
		return "its source takes more than the 255 bytes Popeye reads";
	if (f == WRITE_POPEYE && popeye_text_bytes(p->award) > POPEYE_TEXT_MAX)
		return "its award takes more than the 255 bytes Popeye reads";
	if (f == WRITE_POPEYE && popeye_text_bytes(p->title) > POPEYE_TEXT_MAX)
		return "its title takes more than the 255 bytes Popeye reads";
	/* a twin is written only as maat read it: one in error or unsupported,
	   or not read at all (the diagram has what maat does not solve), would
	   be its text as the file has it */
	if (p->ntwins && !p->twins_ready)
		return twins_read(p) ? NULL
		                     : "its twins cannot be read (the diagram is not supported)";
	for (int i = 0; i < p->ntwins; i++) {
		if (p->twins[i].error)
			return "a twin has an error";
		if (p->twins[i].unsupported)
			return "a twin is not supported";
	}
	return NULL;
}

/* ------------------------------------------------------------- facts */

struct facts {
	char men[2][MAX_SQUARES][4]; /* "Ke1", by side, kings first */
	int nmen[2];
	char opts[MAX_OPTS][96]; /* the options to write, in order (option_format) */
	int nopts;
	char nocastle[16]; /* NoCastling's squares */
};

static void add_opt(struct facts *fx, const char *o)
{
	for (int i = 0; i < fx->nopts; i++)
		if (strcmp(fx->opts[i], o) == 0)
			return; /* YACPDB: uniqueItems */
	if (fx->nopts < MAX_OPTS)
		snprintf(fx->opts[fx->nopts++], sizeof fx->opts[0], "%s", o);
}

/* NoCastling's squares for the rights the position does not have of those
   the game's convention gives its men (Popeye's): a side's king square
   when it has lost every right, else each lost right's rook square. */
static void no_castling(const struct game *g, const struct setup *s, char *out, size_t len)
{
	char usual[8];
	game_usual_castling(g, s, usual);
	const char *have = strcmp(s->castling, "-") == 0 ? "" : s->castling;
	size_t n = 0;
	out[0] = 0;
	for (int side = 0; side < 2; side++) {
		int rights = 0, lost = 0;
		for (const struct castling_right *c = g->castling; c && c->right; c++)
			if (c->side == side) {
				rights++;
				lost += strchr(usual, c->right) && !strchr(have, c->right);
			}
		for (const struct castling_right *c = g->castling; lost && c && c->right; c++) {
			if (c->side != side || !strchr(usual, c->right) || strchr(have, c->right))
				continue;
			char sq[4];
			square_name(lost == rights ? c->king_file : c->rook_file, c->rank, sq);
			if (n + strlen(sq) < len)
				n += (size_t)snprintf(out + n, len - n, "%s", sq);
			if (lost == rights)
				break; /* the king's square takes them all */
		}
	}
}

static void facts(const struct puzzle *p, struct facts *fx)
{
	const struct game *g = p->game;
	struct setup s;
	memset(fx, 0, sizeof *fx);
	g->get_setup(p->pos, &s);
	/* the men in Popeye's codes, in the order of the game's table (chess's
	   is Popeye's: K Q R B S P), by square */
	for (const struct piece_kind *k = g->pieces; k->letter; k++)
		for (int r = 0; k->popeye && r < g->ranks; r++)
			for (int f = 0; f < g->files; f++) {
				char sq[4];
				if (s.grid[r][f] != k->letter)
					continue;
				square_name(f, r, sq);
				snprintf(fx->men[k->side][fx->nmen[k->side]++], 4, "%c%c%c",
				         k->popeye, sq[0], sq[1]); /* (boards of at most 9 ranks) */
			}
	/* the file's options, less those the position decides here; a YAML
	   file's NoCastling and EnPassant are kept as given (its loader does
	   not apply them to the position) */
	bool yaml = p->format == FORMAT_YAML, said_castling = false, said_ep = false;
	for (int i = 0; i < p->noptions; i++) {
		const struct puzzle_option *o = &p->options[i];
		bool castling = o->id == PO_NO_CASTLING, ep = o->id == PO_EN_PASSANT;
		said_castling |= castling;
		said_ep |= ep;
		if (o->id != PO_HALF_DUPLEX && (yaml || (!castling && !ep))) {
			char text[96]; /* from the values maat read, never the file's text */
			option_format(o, text, sizeof text);
			add_opt(fx, text);
		}
	}
	if (!is_chess(p))
		return;
	/* the other side to move than the stipulation starts when White wins:
	   its duplex part ("help-win in 2" with White to move is Black's h#2) */
	if (g->side_to_move(p->pos) != stip_usual_first(&p->stip))
		add_opt(fx, "HalfDuplex");
	no_castling(g, &s, fx->nocastle, sizeof fx->nocastle);
	if (fx->nocastle[0] && !(yaml && said_castling)) {
		char opt[32];
		snprintf(opt, sizeof opt, "NoCastling %s", fx->nocastle);
		add_opt(fx, opt);
	}
	/* Duplex: the square may be the duplex parts' (the diagram's double
	   step was its starter's own), which the readers give back to them */
	for (int i = 0; (!s.en_passant[0] || s.en_passant[0] == '-') && i < p->ntwins; i++)
		if (p->twins[i].duplex && p->twins[i].has_position) {
			struct setup d;
			g->get_setup(p->twins[i].pos, &d);
			snprintf(s.en_passant, sizeof s.en_passant, "%s", d.en_passant);
			break;
		}
	if (s.en_passant[0] && s.en_passant[0] != '-' && s.en_passant[1] && !(yaml && said_ep)) {
		/* the pawn's departure, the square it passed, its arrival */
		int dir = s.en_passant[1] == '6' ? 1 : -1;
		char file = s.en_passant[0], mid = s.en_passant[1];
		char opt[32];
		snprintf(opt, sizeof opt, "EnPassant %c%c%c%c%c%c", file, mid + dir, file, mid,
		         file, mid - dir);
		add_opt(fx, opt);
	}
}

/* A twin as maat writes it: its twinnings, colours and piece codes in
   English and in full, as maat read them ("REmove h2" is "Remove h2"),
   "Continued" first when it continues the twin before it. */
static void twin_text(const struct twin *t, char *out, size_t len)
{
	char words[1024]; /* a twin maat reads is at most 512 bytes (twin.c) */
	popeye_twin_english(popeye_lang(POPEYE_ENGLISH), t->text, words, sizeof words);
	bool cont = t->continued && !twin_continued(t->text);
	snprintf(out, len, "%s%s", cont ? "Continued " : "", words);
}

/* ------------------------------------------------------------- YAML */

/* The bytes of the character at s that YAML takes only escaped: a C1
   control (U+0080-U+009F, which YAML 1.1 does not allow raw, NEL a line
   break), a line or paragraph separator (U+2028, U+2029: line breaks, a
   quoted scalar folds them), U+FFFE and U+FFFF (not allowed); 0 for any
   other.  A Latin-1 Popeye file's byte 0x96 is U+0096. */
static int escape_only_len(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	if (u[0] == 0xC2 && u[1] >= 0x80 && u[1] <= 0x9F)
		return 2;
	if ((u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xA8 || u[2] == 0xA9)) ||
	    (u[0] == 0xEF && u[1] == 0xBF && (u[2] == 0xBE || u[2] == 0xBF)))
		return 3;
	return 0;
}

/* A character cut off at the end of s: a field cut to fit its buffer
   ("%.*s", snprintf) may end inside one, and a byte of it written out
   makes a file maat refuses (YAML) or reads as Latin-1 (Popeye). */
static bool cut_character(const char *s)
{
	unsigned char c = (unsigned char)*s;
	int n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	for (int k = 1; k < n; k++)
		if (((unsigned char)s[k] & 0xC0) != 0x80)
			return true;
	return false;
}

/* The diagram as the YAML reader reads it: "board: |" with one line a
   rank, top rank first, then "to-move:" (every game without a FEN). */
void yaml_write_board(FILE *f, const struct game *g, const void *pos)
{
	struct setup s;
	g->get_setup(pos, &s);
	fputs("board: |\n", f);
	for (int r = g->ranks - 1; r >= 0; r--) {
		fputs("  ", f);
		for (int fl = 0; fl < g->files; fl++)
			fprintf(f, "%s%c", fl ? " " : "", s.grid[r][fl]);
		fputc('\n', f);
	}
	fprintf(f, "to-move: %s\n", g->side_word[g->side_to_move(pos)]);
}

void yaml_write_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s && !cut_character(s); s++) {
		unsigned char c = (unsigned char)*s;
		int k = escape_only_len(s);
		if (k == 2) {
			fprintf(f, "\\x%02x", (unsigned char)s[1]);
			s++;
		} else if (k == 3) {
			unsigned v = (c & 0x0Fu) << 12 | ((unsigned char)s[1] & 0x3Fu) << 6 |
			             ((unsigned char)s[2] & 0x3Fu);
			fprintf(f, "\\u%04x", v);
			s += 2;
		} else if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* "Family, Given" or a name without a comma: YACPDB's person_type. */
static bool person_ok(const char *s, size_t n)
{
	if (n == 0 || n > 255)
		return false;
	const char *comma = memchr(s, ',', n);
	if (!comma)
		return true;
	return comma > s && (size_t)(comma - s) + 2 < n && comma[1] == ' ' && comma[2] != ',' &&
	       !memchr(comma + 1, ',', n - (size_t)(comma - s) - 1);
}

/* YACPDB's distinction: [ordinal[-ordinal]] [Special] Prize|Place|HM|
   Honorable Mention|Commendation|Comm.|cm, then ", more". */
static bool ordinal(const char *w, size_t n)
{
	size_t d = 0;
	while (d < n && isdigit((unsigned char)w[d]))
		d++;
	return d > 0 && n - d == 2 &&
	       (!strncmp(w + d, "st", 2) || !strncmp(w + d, "nd", 2) || !strncmp(w + d, "rd", 2) ||
	        !strncmp(w + d, "th", 2));
}

static bool distinction_ok(const char *s)
{
	/* bounded by the words: a distinction is at most a few words before its
	   comma, so one cut here is none whatever it ends in */
	char buf[256];
	snprintf(buf, sizeof buf, "%s", s);
	char *comma = strchr(buf, ',');
	if (comma)
		*comma = 0;
	static const char *const kinds[] = {"Prize",        "Place", "HM", "Honorable Mention",
	                                    "Commendation", "Comm.", "cm", NULL};
	char *w = buf;
	size_t n = strcspn(w, " ");
	char *dash = memchr(w, '-', n);
	bool ord =
	    dash ? ordinal(w, (size_t)(dash - w)) && ordinal(dash + 1, n - (size_t)(dash - w) - 1)
	         : ordinal(w, n);
	if (ord && w[n] == ' ')
		w += n + 1;
	if (!strncasecmp(w, "Special ", 8))
		w += 8;
	for (int i = 0; kinds[i]; i++)
		if (!strcasecmp(w, kinds[i]))
			return true;
	return false;
}

/* A year a source can be dated: 1000 to 2099, whatever today is (the same
   file converts alike on any day; "Problem Paradise, 2345" is no date). */
static bool plausible_year(int y)
{
	return y >= 1000 && y <= 2099;
}

/* The word that ends at src + end (blanks before end skipped) marks a
   number, not a date: "No. 2345", "Nr 1923", "Heft 1985" ("Problem" is
   also a magazine, Zagreb: "Problem 1956" keeps its year). */
static bool number_mark_before(const char *src, size_t end)
{
	static const char *const marks[] = {"no",   "nr",     "n\xc2\xb0", "n\xc2\xba", "#",
	                                    "num",  "number", "nummer",    "numero",    "aufgabe",
	                                    "heft", "issue",  "vol",       "volume",    "p",
	                                    "pp",   "page",   "seite",     "s",         NULL};
	while (end > 0 && src[end - 1] == ' ')
		end--;
	size_t start = end;
	while (start > 0 && src[start - 1] != ' ')
		start--;
	size_t n = end - start;
	while (n > 0 && (src[start + n - 1] == '.' || src[start + n - 1] == ':'))
		n--; /* "No." as "No" */
	for (int i = 0; marks[i]; i++)
		if (strlen(marks[i]) == n && !strncasecmp(src + start, marks[i], n))
			return true;
	return false;
}

/* Split "Name, 1927" / "Name, 2009-02" / "Name, 12.07.1979": the name and a
   YACPDB date, or false when the line ends in no year.  Only a plausible
   year where a date stands is one: after the last comma, or the source's
   last word ("Schwalbe 1990", "Die Schwalbe 12/1985", "STERN 29/79 1979"),
   never a number after its mark ("Problem Paradise No. 2345" was dated
   2345) or digits inside a word ("s1-c2872"). */
static bool split_source(const char *src, char *name, size_t nlen, char *date, size_t dlen)
{
	const char *comma = strrchr(src, ',');
	const char *last = comma ? comma + 1 : src;
	while (*last == ' ')
		last++;
	int y, m, d, y2;
	char tail;
	if (comma && comma > src) {
		/* "1927", "2009-02", "2009-02-16", a volume over years "1965-1967" */
		bool digits4 = strspn(last, "0123456789") == 4;
		int got = digits4 ? sscanf(last, "%4d-%2d-%2d%c", &y, &m, &d, &tail) : 0;
		bool dated =
		    (got == 1 && !last[4]) ||
		    (got == 2 && m >= 1 && m <= 12 && strlen(last) == 7) ||
		    (got == 3 && m >= 1 && m <= 12 && d >= 1 && d <= 31 && strlen(last) == 10);
		if (digits4 && !dated && sscanf(last, "%4d-%4d%c", &y, &y2, &tail) == 2 &&
		    strlen(last) == 9 && strspn(last + 5, "0123456789") == 4)
			dated = plausible_year(y2) && y2 > y;
		if (dated && plausible_year(y)) {
			snprintf(name, nlen, "%.*s", (int)(comma - src), src);
			snprintf(date, dlen, "\"%s\"", last);
			return true;
		}
		if (sscanf(last, "%2d.%2d.%4d%c", &d, &m, &y, &tail) == 3 && m >= 1 && m <= 12 &&
		    d >= 1 && d <= 31 && plausible_year(y)) {
			snprintf(name, nlen, "%.*s", (int)(comma - src), src);
			snprintf(date, dlen, "\"%04d-%02d-%02d\"", y, m, d);
			return true;
		}
	}
	/* a year as the last word, or after an issue's slash: "STERN 29/79
	   1979", "Die Schwalbe 12/1985" (the name kept whole) */
	size_t n = strlen(src);
	if (n <= 5 || strspn(src + n - 4, "0123456789") != 4)
		return false;
	char before = src[n - 5];
	bool issue = before == '/' && isdigit((unsigned char)src[n - 6]);
	if (!(before == ' ' || issue) || (before == ' ' && number_mark_before(src, n - 4)))
		return false;
	if (!plausible_year(atoi(src + n - 4)))
		return false;
	snprintf(name, nlen, "%s", src);
	snprintf(date, dlen, "\"%.4s\"", src + n - 4);
	return true;
}

static void comment(FILE *f, bool *opened, const char *label, const char *text)
{
	if (!*opened)
		fputs("comments:\n", f);
	*opened = true;
	char *line = text_aprintf("%s%s", label, text); /* whole */
	fputs("  - ", f);
	yaml_write_quoted(f, line ? line : "(out of memory)");
	free(line);
	fputc('\n', f);
}

static void men_list(FILE *f, const char *side, char men[][4], int n)
{
	if (!n)
		return;
	fprintf(f, "  %s: [", side);
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? ", " : "", men[i]);
	fputs("]\n", f);
}

/* The solution as a literal block (indentation given: a line may start
   with blanks), or quoted when it holds a control character or another
   character YAML takes only escaped. */
static void solution(FILE *f, const char *s)
{
	bool plain = true;
	for (const char *q = s; *q; q++)
		if (((unsigned char)*q < 0x20 && *q != '\n') || *q == 0x7f || escape_only_len(q))
			plain = false;
	if (!plain) {
		fputs("solution: ", f);
		yaml_write_quoted(f, s);
		fputc('\n', f);
		return;
	}
	fputs("solution: |2\n", f);
	/* (lines of blanks at the end are left out: written empty, YAML's
	   clipped block would drop them on reading, and the file written from
	   that would differ from this one; fuzz_convert found it) */
	const char *end = s + strlen(s);
	for (const char *q = end; q > s;) {
		const char *line = q;
		while (line > s && line[-1] != '\n')
			line--;
		if (strspn(line, " \n") < (size_t)(q - line))
			break;
		end = line;
		q = line > s ? line - 1 : s;
	}
	while (s < end) {
		size_t n = strcspn(s, "\n");
		size_t e = n;
		while (e > 0 && s[e - 1] == ' ')
			e--; /* trailing blanks would change the scalar's end */
		fprintf(f, "  %.*s\n", (int)e, s);
		s += n + (s[n] == '\n');
	}
}

void yacpdb_write(FILE *f, const struct puzzle *p, const char *const *extra, int nextra)
{
	struct facts fx;
	facts(p, &fx);
	bool chess = is_chess(p), comments = false;
	fputs("---\n", f);
	if (!chess) {
		fprintf(f, "game: %s\n", p->game->id);
		if (p->title) {
			fputs("title: ", f);
			yaml_write_quoted(f, p->title);
			fputc('\n', f);
		}
	}
	/* authors: those that are no person_type go to the comments, whole */
	struct strbuf bad_authors = STRBUF_INIT;
	if (p->authors) {
		bool opened = false;
		/* one author a line (struct puzzle.authors) */
		for (const char *a = p->authors; *a;) {
			while (*a == ' ')
				a++;
			size_t n = strcspn(a, "\n");
			while (n && a[n - 1] == ' ')
				n--;
			if (person_ok(a, n)) {
				char one[260]; /* person_ok: at most 255 bytes */
				snprintf(one, sizeof one, "%.*s", (int)n, a);
				if (!opened)
					fputs("authors:\n", f);
				opened = true;
				fputs("  - ", f);
				yaml_write_quoted(f, one);
				fputc('\n', f);
			} else if (n) {
				strbuf_printf(&bad_authors, "%s%.*s", bad_authors.len ? "; " : "",
				              (int)n, a);
			}
			a += strcspn(a, "\n");
			a += *a == '\n';
		}
	}
	/* the source's name whole (a part of it); its date: digits a pattern read */
	char *name = p->source ? malloc(strlen(p->source) + 1) : NULL, date[64];
	bool source =
	    name && split_source(p->source, name, strlen(p->source) + 1, date, sizeof date);
	if (source) {
		fputs("source:\n  name: ", f);
		yaml_write_quoted(f, name);
		fprintf(f, "\n  date: %s\n", date);
	}
	bool award = source && p->award && distinction_ok(p->award);
	if (award) {
		char *dist = strdup(p->award); /* whole: the tourney's name follows */
		char *comma = dist ? strchr(dist, ',') : NULL;
		fputs("award:\n  tourney: ", f);
		if (comma) {
			*comma = 0;
			const char *t = comma + 1;
			while (*t == ' ')
				t++;
			fputs("\n    name: ", f);
			yaml_write_quoted(f, *t ? t : name);
		} else {
			fputs("ditto", f);
		}
		fputs("\n  distinction: ", f);
		yaml_write_quoted(f, dist ? dist : p->award);
		fputc('\n', f);
		free(dist);
	}
	const struct game *g = p->game;
	if (chess) {
		fputs("algebraic:\n", f);
		men_list(f, "white", fx.men[0], fx.nmen[0]);
		men_list(f, "black", fx.men[1], fx.nmen[1]);
	} else {
		yaml_write_board(f, g, p->pos);
	}
	fputs("stipulation: ", f);
	yaml_write_quoted(f, p->stip.text);
	fputc('\n', f);
	if (fx.nopts) {
		fputs("options:\n", f);
		for (int i = 0; i < fx.nopts; i++) {
			fputs("  - ", f);
			yaml_write_quoted(f, fx.opts[i]);
			fputc('\n', f);
		}
	}
	int ntw = 0;
	for (int i = 0; i < p->ntwins; i++)
		ntw += !p->twins[i].duplex;
	if (ntw) {
		fputs("twins:\n", f);
		for (int i = 0; i < p->ntwins; i++) {
			if (p->twins[i].duplex)
				continue;
			fprintf(f, "  %s: ", p->twins[i].label);
			char buf[1100];
			twin_text(&p->twins[i], buf, sizeof buf);
			yaml_write_quoted(f, buf);
			fputc('\n', f);
		}
	}
	if (p->intended && p->intended[0]) {
		fputs("intended-solutions: ", f);
		yaml_write_quoted(f, p->intended);
		fputc('\n', f);
	}
	if (p->solution && p->solution[0])
		solution(f, p->solution);
	if (p->nkeywords) {
		fputs("keywords:\n", f);
		for (int i = 0; i < p->nkeywords; i++) {
			bool dup = false;
			for (int j = 0; j < i; j++)
				dup |= strcmp(p->keywords[i], p->keywords[j]) == 0;
			if (dup)
				continue;
			fputs("  - ", f);
			yaml_write_quoted(f, p->keywords[i]);
			fputc('\n', f);
		}
	}
	for (int i = 0; i < nextra; i++)
		comment(f, &comments, "", extra[i]);
	/* what YACPDB has no field for */
	if (chess && p->title)
		comment(f, &comments, "Title: ", p->title);
	if (bad_authors.len)
		comment(f, &comments, "Authors: ",
		        strbuf_failed(&bad_authors) ? "(out of memory)" : strbuf_str(&bad_authors));
	if (p->source && !source)
		comment(f, &comments, "Source: ", p->source);
	if (p->award && !award)
		comment(f, &comments, "Award: ", p->award);
	strbuf_free(&bad_authors);
	free(name);
}

/* ------------------------------------------------------------- Popeye */

/* A blank for Popeye's reader at the ends of a text line, and maat's
   (input/popeye.c), which reads a control character as a space. */
static bool popeye_blank(char c)
{
	return c == ' ' || (unsigned char)c < 0x20 || c == 0x7f;
}

/* The n bytes of text on one line after word, as Popeye reads them (to the
   end of the line): whole but for what no reader keeps, the blanks, ';',
   '.' and ',' its ReadToEndOfLine passes over at the start and the blanks
   at the end, so that the text read back is the text written; no line
   when nothing is left. */
static void text_line(FILE *f, const char *word, const char *text, size_t n)
{
	size_t m = 0;
	while (m < n && text[m] && !cut_character(text + m))
		m++;
	const char *end = text + m;
	while (text < end && (popeye_blank(*text) || strchr(";.,", *text)))
		text++;
	while (end > text && popeye_blank(end[-1]))
		end--;
	if (text == end)
		return;
	fprintf(f, "%s ", word);
	for (; text < end; text++)
		fputc(popeye_blank(*text) ? ' ' : *text, f);
	fputc('\n', f);
}

void popeye_write(FILE *f, const struct puzzle *p, bool first)
{
	struct facts fx;
	facts(p, &fx);
	fputs(first ? "BeginProblem\n" : "\nNextProblem\n", f);
	if (p->authors)
		/* an Author line each, as Popeye reads them (one author a line) */
		for (const char *a = p->authors; *a;) {
			size_t n = strcspn(a, "\n");
			if (n)
				text_line(f, "Author", a, n);
			a += n;
			a += *a == '\n';
		}
	if (p->source)
		text_line(f, "Origin", p->source, strlen(p->source));
	if (p->award)
		text_line(f, "Award", p->award, strlen(p->award));
	if (p->title)
		text_line(f, "Title", p->title, strlen(p->title));
	fputs("Pieces", f);
	static const char *const side[2] = {"White", "Black"};
	for (int s = 0; s < 2; s++)
		if (fx.nmen[s]) {
			fprintf(f, " %s", side[s]);
			for (int i = 0; i < fx.nmen[s]; i++)
				fprintf(f, " %s", fx.men[s][i]);
		}
	fputc('\n', f);
	/* in Popeye's spelling ("help-win in 2" is h#2) */
	char stip[sizeof p->stip.text + 16];
	struct stipulation popeye = p->stip;
	popeye.popeye = true;
	if (p->stip.popeye || !p->has_stip) /* Popeye's, or one maat does not solve */
		snprintf(stip, sizeof stip, "%s", p->stip.text);
	else
		stip_spell(&popeye, stip, sizeof stip);
	fprintf(f, "Stipulation %s\n", stip);
	if (fx.nopts) {
		fputs("Option", f);
		for (int i = 0; i < fx.nopts; i++)
			fprintf(f, " %s", fx.opts[i]);
		fputc('\n', f);
	}
	for (int i = 0; i < p->ntwins; i++) {
		const struct twin *t = &p->twins[i];
		if (t->duplex)
			continue;
		char buf[1100];
		twin_text(t, buf, sizeof buf);
		fprintf(f, "%s ", i == 0 && p->zero_position ? "ZeroPosition" : "Twin");
		for (const char *q = buf; *q; q++)
			fputc((unsigned char)*q < 0x20 ? ' ' : *q, f);
		fputc('\n', f);
	}
}

void popeye_write_end(FILE *f)
{
	fputs("\nEndProblem\n", f);
}
