/*
** epd.c -- EPD records and FEN lines, one position a line.
**
** A FEN line is the six fields of FEN; an EPD record is the first four
** (board, side to move, castling, en passant) and its operations, each
** "opcode operands;".  Of the operations, maat reads `dm N` (direct mate
** in N: the stipulation #N), `id "..."` (the record's name, shown as its
** title) and `bm MOVE` (the best move, in short algebraic as EPD writes
** it: the claimed key, "1.Qg6!"); the others are skipped.  Blank lines
** and lines starting with '#' are comments.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/epd.h"
#include "base/strbuf.h"
#include "base/textsafe.h"
#include "input/text.h"
#include "notation/move_parse.h"

#define MAX_LINE 4096

/* The first field of s (blanks skipped), its length; s moved past it. */
static size_t field(const char **s, const char **start)
{
	while (**s == ' ' || **s == '\t')
		(*s)++;
	*start = *s;
	while (**s && **s != ' ' && **s != '\t')
		(*s)++;
	return (size_t)(*s - *start);
}

static bool fen_board(const char *s, size_t n)
{
	int slashes = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '/')
			slashes++;
		else if (!strchr("pnbrqkPNBRQK12345678", s[i]))
			return false;
	}
	return slashes == 7;
}

static bool all_digits(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* A line (NUL-terminated): is it a record, FEN (6 fields) or EPD? */
static bool record(const char *line, bool *epd)
{
	const char *s = line, *f[6];
	size_t n[6];
	for (int i = 0; i < 6; i++)
		n[i] = field(&s, &f[i]);
	if (!fen_board(f[0], n[0]) || n[1] != 1 || (f[1][0] != 'w' && f[1][0] != 'b'))
		return false;
	*epd = !(all_digits(f[4], n[4]) && all_digits(f[5], n[5]));
	return true;
}

static bool comment(const char *line)
{
	while (*line == ' ' || *line == '\t')
		line++;
	return !*line || *line == '#';
}

bool epd_sniff(const char *data, size_t len, bool *epd)
{
	char line[MAX_LINE + 1];
	for (size_t i = 0; i < len;) {
		size_t e = i;
		while (e < len && data[e] != '\n' && data[e] != '\r')
			e++;
		size_t n = e - i < MAX_LINE ? e - i : MAX_LINE;
		memcpy(line, data + i, n);
		line[n] = 0;
		if (memchr(line, 0, n))
			return false;
		if (!comment(line))
			return record(line, epd);
		i = e + 1;
	}
	return false;
}

/* ---------------------------------------------------------- bm */

/*
** The legal move that the short algebraic `san` names ("Qg6", "exd5",
** "Nbd7", "e8=Q+", "O-O"), in maat's long form ("Qf5-g6"), or false when
** none or several do: notation/move_parse.h's one reader of moves.
*/
static bool san_move(const struct game *g, const void *pos, const char *san, char *out, size_t len)
{
	_Alignas(16) unsigned char copy[MAX_POS_SIZE];
	memcpy(copy, pos, g->pos_size);
	move_t m = game_parse_move(g, copy, san, NULL, 0);
	if (m == MOVE_NONE)
		return false;
	g->move_text(copy, m, MOVE_PRETTY, out, len);
	return true;
}

/* ---------------------------------------------------------- records */

struct opcodes {
	const char *dm; /* the digits of dm, NULL: none */
	size_t dm_len;
	const char *id; /* in the line, not cut: a title is what the file says */
	size_t id_len;
	bool id_string; /* id is a string operand: its escapes to undo */
	const char *bm; /* bm's operands as written, not cut: every best move */
	size_t bm_len;
	int dm_col, bm_col;
};

/*
** A string operand's text: EPD (as PGN) writes a quote inside a string as
** \" and a backslash as \\.  NULL when out of memory.
*/
static char *unescape(struct text_reader *r, const char *s, size_t n)
{
	struct strbuf b = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\'))
			i++;
		strbuf_putc(&b, s[i]);
	}
	char *text = strbuf_take(&b); /* n > 0: never empty */
	if (!text)
		r->oom = true;
	strbuf_free(&b);
	return text;
}

/* The operations after the four fields: "dm 3; bm Qg6; id \"x\";". */
static int operations(const char *s, const char *line, struct opcodes *op, char *err, size_t errlen,
                      int *col)
{
	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		const char *code = s;
		while (*s && *s != ' ' && *s != '\t' && *s != ';')
			s++;
		size_t cl = (size_t)(s - code);
		const char *operand = s;
		/* operands up to ';' outside quotes; inside, \" is a quote */
		bool quoted = false;
		while (*s && (quoted || *s != ';')) {
			if (quoted && *s == '\\' && (s[1] == '"' || s[1] == '\\'))
				s++;
			else if (*s == '"')
				quoted = !quoted;
			s++;
		}
		const char *oe = s;
		if (*s == ';')
			s++;
		while (operand < oe && (*operand == ' ' || *operand == '\t'))
			operand++;
		while (oe > operand && (oe[-1] == ' ' || oe[-1] == '\t'))
			oe--;
		size_t ol = (size_t)(oe - operand);
		*col = 1 + input_columns(line, (size_t)(code - line));
		if (cl == 2 && !strncmp(code, "dm", 2)) {
			if (!all_digits(operand, ol)) {
				snprintf(err, errlen, "dm needs a number of moves, got '%s'",
				         input_quote(operand, ol).s);
				return -1;
			}
			/* the number as written: the stipulation's reader says
			   what is out of range (it was cut to 1000 and named so) */
			op->dm = operand;
			op->dm_len = ol;
			op->dm_col = *col;
		} else if (cl == 2 && !strncmp(code, "id", 2)) {
			op->id_string = ol >= 2 && operand[0] == '"' && oe[-1] == '"';
			if (op->id_string) {
				operand++;
				ol -= 2;
			}
			op->id = operand;
			op->id_len = ol;
		} else if (cl == 2 && !strncmp(code, "bm", 2)) {
			op->bm = operand;
			op->bm_len = ol;
			op->bm_col = *col;
		}
	}
	return 0;
}

/*
** bm's operands, every one a best move: the claimed keys ("bm Qg6 Qh5": the
** claim 1.Qf5-g6! 1.Qf5-h5!).  One rule for every format: a claimed move
** that is no legal move (or names none alone) is the claim's, and the
** claim checker calls it a mismatch, as in YAML.
*/
static void best_moves(struct text_reader *r, struct puzzle *p, const struct opcodes *op)
{
	const struct game *g = p->game;
	struct strbuf claim = STRBUF_INIT;
	const char *s = op->bm, *end = op->bm + op->bm_len;
	while (s < end) {
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		const char *w = s;
		while (s < end && *s != ' ' && *s != '\t')
			s++;
		size_t wl = (size_t)(s - w);
		if (!wl)
			break;
		/* too long for a move: no move (a cut could read as one:
		   "Ra8" + 28 '+' + "zz") */
		char san[32], mv[32];
		bool fits = wl < sizeof san;
		snprintf(san, sizeof san, "%.*s", (int)(fits ? wl : 0), w);
		bool word = false;
		for (size_t i = 0; i < wl; i++)
			word |= isalnum((unsigned char)w[i]) != 0;
		const char *sep = claim.len ? " " : "";
		if (fits && san_move(g, p->pos, san, mv, sizeof mv))
			strbuf_printf(&claim, "%s1.%s!", sep, mv);
		else if (word)
			strbuf_printf(&claim, "%s1.%.*s!", sep, (int)wl, w);
		else /* marks only ("+", "!?"): no move to claim */
			input_warning(r, p, p->line, op->bm_col,
			              "bm '%s' is no legal move of the position (not read)",
			              input_quote(w, wl).s);
	}
	if (claim.len && !(p->solution = strbuf_take(&claim)))
		r->oom = true;
	strbuf_free(&claim);
}

static void read_line(struct text_reader *r, struct puzzle *p, char *line, const char *stip)
{
	const struct game *g = p->game;
	const char *s = line, *f[4];
	size_t n[4];
	bool epd;
	/* the position whole: a line cut to fit could read as another
	   ("... 0 1" and what follows past the cut, junk, not seen) */
	char err[256], pos[MAX_LINE + 8];
	if (!record(line, &epd)) {
		input_error(r, p, p->line, 1, "not a FEN or EPD record: '%s'",
		            input_quote(line, strlen(line)).s);
		return;
	}
	for (int i = 0; i < 4; i++)
		n[i] = field(&s, &f[i]);
	struct opcodes op;
	memset(&op, 0, sizeof op);
	int col = 1;
	if (epd) {
		if (operations(s, line, &op, err, sizeof err, &col) < 0) {
			input_error(r, p, p->line, col, "%s", err);
			return;
		}
		snprintf(pos, sizeof pos, "%.*s %.*s %.*s %.*s 0 1", (int)n[0], f[0], (int)n[1],
		         f[1], (int)n[2], f[2], (int)n[3], f[3]);
	} else {
		snprintf(pos, sizeof pos, "%s", line);
	}
	p->format = epd ? FORMAT_EPD : FORMAT_FEN;
	err[0] = 0;
	int prc = g->parse(p->pos, pos, err, sizeof err);
	if (prc == -2) { /* a board maat does not play (chess without a king) */
		input_unsupported(r, p, "%s", err);
		return;
	}
	if (prc != 0) {
		input_error(r, p, p->line, 1, "position: %s", err);
		return;
	}
	if (err[0]) /* what the game dropped (castling rights) */
		input_warning(r, p, p->line, 1 + input_columns(line, (size_t)(f[2] - line)),
		              "position: %s", err);
	p->has_position = true;
	/* the stipulation whole (--stip was cut at 60 bytes: "#2", blanks and
	   junk read as #2); stip_parse says what is too long */
	char dm[MAX_LINE + 2];
	if (op.dm)
		snprintf(dm, sizeof dm, "#%.*s", (int)op.dm_len, op.dm);
	else if (!stip) {
		input_error(r, p, p->line, 1,
		            "no stipulation: give one with --stip (or an EPD 'dm N' operation)");
		return;
	}
	int rc = stip_parse(op.dm ? dm : stip, &p->stip, err, sizeof err);
	if (rc == -2) {
		input_unsupported(r, p, "%s", err);
	} else if (rc < 0) {
		input_error(r, p, p->line, op.dm ? op.dm_col : 1, "stipulation: %s", err);
		return;
	}
	p->has_stip = rc == 0;
	if (op.id_len &&
	    !(p->title = op.id_string ? unescape(r, op.id, op.id_len)
	                              : input_printf(r, "%.*s", (int)op.id_len, op.id)))
		return;
	if (op.bm)
		best_moves(r, p, &op);
}

int epd_load_buffer(const char *name, const char *data, size_t len, const char *stip,
                    struct collection *out)
{
	struct input_text dec;
	if (input_decode(data, len, &dec) != 0)
		return -1;
	const char *text = dec.s;
	size_t n = dec.n;
	int latin1 = 0; /* the next line of dec.latin1 */
	char *shown = input_shown_name(name);
	char *line = malloc(MAX_LINE + 1);
	if (!shown || !line) {
		input_text_free(&dec);
		free(shown);
		free(line);
		return -1;
	}
	struct text_reader r = {.name = shown, .out = out};
	int lineno = 0;
	for (size_t i = 0; i < n && !r.oom;) {
		size_t e = i;
		while (e < n && text[e] != '\n' && text[e] != '\r')
			e++;
		lineno++;
		size_t len1 = e - i;
		bool too_long = len1 > MAX_LINE;
		memcpy(line, text + i, too_long ? MAX_LINE : len1);
		line[too_long ? MAX_LINE : len1] = 0;
		/* the next line: "\r\n" is one line end */
		i = e + (e < n && text[e] == '\r' && e + 1 < n && text[e + 1] == '\n' ? 2 : 1);
		if (!too_long && !memchr(line, 0, len1) && comment(line))
			continue;
		if (out->count == INPUT_MAX_PUZZLES) {
			struct puzzle *p = input_new_puzzle(&r, lineno);
			if (p)
				input_error(
				    &r, p, lineno, 1,
				    "more than %d records in one file: the rest are not read",
				    INPUT_MAX_PUZZLES);
			break;
		}
		struct puzzle *p = input_new_puzzle(&r, lineno);
		if (!p)
			break;
		p->format = FORMAT_FEN;
		while (latin1 < dec.nlatin1 && dec.latin1[latin1].line < lineno)
			latin1++;
		if (latin1 < dec.nlatin1 && dec.latin1[latin1].line == lineno)
			input_warn_latin1(&r, p, &dec.latin1[latin1], 0);
		if (too_long)
			input_error(&r, p, lineno, 1, "line longer than %d bytes", MAX_LINE);
		else if (memchr(line, 0, len1))
			input_error(&r, p, lineno, 1 + input_columns(line, strlen(line)),
			            "a NUL byte in the line");
		else {
			/* a control character is a blank, as in the Popeye reader:
			   never kept in a title or a claimed move (found by
			   fuzz_popeye: "bm Re8+nichtpu\x0flizierte" became a claim
			   with the byte in it) */
			for (char *c = line; *c; c++)
				if (((unsigned char)*c < 0x20 && *c != '\t') || *c == 0x7f)
					*c = ' ';
			read_line(&r, p, line, stip);
		}
	}
	input_text_free(&dec);
	free(shown);
	free(line);
	if (r.oom) {
		collection_free(out);
		return -1;
	}
	return 0;
}
