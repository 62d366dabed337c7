/*
** popeye.c -- Popeye's input language, read as Popeye reads it.
**
** Tokens are runs of Popeye's token characters (letters, digits and
** #=+-%>!.<()~/&|:[]{}?), separated by blanks, tabs, line ends, ';' and
** ','; a command word may be any prefix that no other word of its list
** starts with (popeye_lang.c).  The first word, BeginProblem in English
** (AnfangProblem, DebutProbleme), chooses the language of the file.
**
** A problem is its commands (Author, Origin, Title, Award and Remark take
** the rest of their line; Pieces, Forsyth, Stipulation, Option; Condition
** and SStipulation are recognised and reported as not supported; Protocol
** and LaTeX are skipped), then its twins (ZeroPosition, Twin), up to
** NextProblem or EndProblem.  Each problem becomes one puzzle whose line
** is that of its BeginProblem or NextProblem; what is wrong with it is its
** error (file:line:column) or its reason for `unsupported`, and reading
** goes on with the next problem.
**
** What Popeye leaves to the stipulation, maat writes into the position:
** the side to move is the side that starts (Black in h#N, else White; see
** starter()), castling is Popeye's convention (king and rook at home)
** unless NoCastling says otherwise, EnPassant gives the en passant square.
** Duplex adds, after the diagram and after each twin, a twin of its own
** with the other side to move (struct twin.duplex); HalfDuplex turns every
** problem of the puzzle into that part alone (struct puzzle.half_duplex).
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/popeye.h"
#include "input/text.h"
#include "base/strbuf.h"
#include "base/textsafe.h"
#include "model/duplex.h"
#include "model/twin.h"
#include "notation/popeye_lang.h"
#include "play/stip.h"

/*
** Popeye 4.104 reads a word, and the rest of a line after Author, Origin,
** Title, Award, Remark, Protocol or LaTeX, into its line buffer of 256
** bytes (LINESIZE, input/plaintext/token.c): past 255 it stops with
** "input line overflow".  It keeps the Author lines (and the Origin, the
** Title lines) in 256 bytes, each line with its line end (ActAuthor...,
** input/plaintext/problem.c), and runs past them when they take more.
** maat refuses what Popeye cannot read, naming the limit, and cuts
** nothing.
*/
#define MAX_TOKEN 255              /* a word */
#define MAX_TEXT 255               /* the rest of a line after Author ... LaTeX */
#define MAX_FIELD 255              /* the lines of one Author, Origin or Title */
#define MAX_TWINS DUPLEX_MAX_TWINS /* per puzzle, as for YAML */

static const char token_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "#=+-%>!.<()~/&|:[]{}?";

static bool is_token_char(char c)
{
	return c && strchr(token_chars, c) != NULL;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == ',';
}

/* ------------------------------------------------------------- tokens */

struct lexer {
	const char *s;
	size_t len, pos;
	int line;
	size_t line_start; /* offset of the current line's first byte */
	/* columns of the line up to byte col_at, counted once: a token's
	   column from its line's start was quadratic in a long line */
	size_t col_at;
	int cols;
};

struct token {
	char text[MAX_TOKEN + 1];
	size_t at, end; /* bytes in the text */
	int line, col;
	bool bad;      /* a character that is neither a token's nor a blank */
	bool too_long; /* more than MAX_TOKEN bytes: refused (advance), text holds the start */
};

static void newline_at(struct lexer *lx, size_t i)
{
	/* "\r\n" is one line end, and so is a lone '\r' (old Mac files) */
	if (lx->s[i] == '\n' || (lx->s[i] == '\r' && (i + 1 >= lx->len || lx->s[i + 1] != '\n'))) {
		lx->line++;
		lx->line_start = i + 1;
	}
}

static bool next_token(struct lexer *lx, struct token *t)
{
	while (lx->pos < lx->len && is_space(lx->s[lx->pos]))
		newline_at(lx, lx->pos++);
	if (lx->pos >= lx->len)
		return false;
	memset(t, 0, sizeof *t);
	t->at = lx->pos;
	t->line = lx->line;
	if (lx->col_at < lx->line_start || lx->col_at > lx->pos) {
		lx->col_at = lx->line_start;
		lx->cols = 0;
	}
	lx->cols += input_columns(lx->s + lx->col_at, lx->pos - lx->col_at);
	lx->col_at = lx->pos;
	t->col = 1 + lx->cols;
	if (!is_token_char(lx->s[lx->pos])) {
		size_t k = text_char(lx->s + lx->pos, lx->len - lx->pos);
		lx->pos += k ? k : 1;
		t->bad = true;
	} else {
		while (lx->pos < lx->len && is_token_char(lx->s[lx->pos]))
			lx->pos++;
	}
	t->end = lx->pos;
	size_t n = t->end - t->at;
	t->too_long = n > MAX_TOKEN;
	if (n > MAX_TOKEN)
		n = MAX_TOKEN;
	memcpy(t->text, lx->s + t->at, n);
	t->text[n] = 0;
	return true;
}

/* ------------------------------------------------------------- reader */

struct reader {
	struct text_reader r;
	struct lexer lx;
	const struct popeye_lang *L;
	struct token tok; /* the current token */
	bool have;        /* tok holds one (false at the end of the text) */
	/* where each twin of the problem being read starts in the text, and
	   the start of that line: a message's column inside a twinning */
	size_t twin_at[MAX_TWINS], twin_line_start[MAX_TWINS];
	bool white_to_play; /* the problem being read has Option WhiteToPlay */
	struct puzzle *cur; /* the problem whose twins are being built */
	struct puzzle *in;  /* the problem being read: a word too long is its error */
};

/* Line and column of byte `off` of twin i's text. */
static void twin_pos(const struct reader *R, const struct twin *t, int i, size_t off, int *line,
                     int *col)
{
	size_t ls = R->twin_line_start[i], at = R->twin_at[i];
	*line = t->line;
	for (size_t k = at; k < at + off && k < R->lx.len; k++)
		if (R->lx.s[k] == '\n' || (R->lx.s[k] == '\r' && R->lx.s[k + 1] != '\n')) {
			(*line)++;
			ls = k + 1;
		}
	*col = 1 + input_columns(R->lx.s + ls, at + off - ls);
}

static void error_tok(struct reader *R, struct puzzle *p, const struct token *t, const char *fmt,
                      ...) __attribute__((format(printf, 4, 5)));

/* A word longer than Popeye's line buffer holds: one rule for every word
   of a problem, whatever reads it (an option, a stipulation, a piece, a
   twinning, a condition's word), said where it stands; the word's reader
   sees its first MAX_TOKEN bytes, and the problem is in error. */
static void word_too_long(struct reader *R)
{
	if (R->have && R->tok.too_long && R->in)
		error_tok(R, R->in, &R->tok, "word longer than %d bytes (Popeye's limit)",
		          MAX_TOKEN);
}

static void advance(struct reader *R)
{
	R->have = next_token(&R->lx, &R->tok);
	word_too_long(R);
}

/* The token after the current one, without moving on. */
static bool peek(const struct reader *R, struct token *t)
{
	struct lexer copy = R->lx;
	return next_token(&copy, t);
}

static struct input_quoted tq(const struct token *t)
{
	return input_quote(t->text, strlen(t->text));
}

static void error_tok(struct reader *R, struct puzzle *p, const struct token *t, const char *fmt,
                      ...) __attribute__((format(printf, 4, 5)));
static void error_tok(struct reader *R, struct puzzle *p, const struct token *t, const char *fmt,
                      ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_verror(&R->r, p, t->line, t->col, fmt, ap);
	va_end(ap);
}

/* Something of the problem that maat does not hold (a fairy piece, a
   condition): unsupported, and the puzzle is incomplete -- no position is
   built and it cannot be written out (struct puzzle.incomplete). */
static void lost(struct reader *R, struct puzzle *p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void lost(struct reader *R, struct puzzle *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	input_vunsupported(&R->r, p, fmt, ap);
	va_end(ap);
	p->incomplete = true;
}

/* A byte a text line keeps as a blank: a blank, or a control character
   (a NUL too), which is never shown raw and becomes a space. */
static bool text_blank(char c)
{
	return c == ' ' || ((unsigned char)c < 0x20 && c != '\r' && c != '\n') || c == 0x7f;
}

/* The rest of the token's line, as Popeye's ReadToEndOfLine: nothing when
   the line ends right after the token, else after blanks, '.', ',' and
   ';'.  Moves the reader past it.  A new string (NULL when empty).
   Control characters are spaces, and blanks at the ends go with them, so
   that the text is the same when written and read again (a NUL kept
   would cut it, "G.\1" would come back as "G.").  *popeye_bytes: the
   bytes Popeye keeps of it (the blanks at its end too); a line longer
   than Popeye reads (MAX_TEXT) is the problem's error, and not kept. */
static char *rest_of_line(struct reader *R, struct puzzle *p, size_t *popeye_bytes)
{
	struct lexer *lx = &R->lx;
	size_t i = R->tok.end;
	*popeye_bytes = 0;
	if (i >= lx->len || lx->s[i] == '\r' || lx->s[i] == '\n') {
		advance(R);
		return NULL;
	}
	while (i < lx->len && (text_blank(lx->s[i]) || strchr(";.,", lx->s[i])))
		i++;
	size_t e = i;
	while (e < lx->len && lx->s[e] != '\r' && lx->s[e] != '\n')
		e++;
	lx->pos = e;
	*popeye_bytes = e - i;
	if (e - i > MAX_TEXT) {
		/* Popeye stops at it ("input line overflow"): refused whole,
		   not cut (it was kept up to 4,096 bytes) */
		error_tok(R, p, &R->tok,
		          "line longer than %d bytes after '%s' (Popeye's limit: 'input line "
		          "overflow')",
		          MAX_TEXT, tq(&R->tok).s);
		advance(R);
		return NULL;
	}
	size_t end = e;
	while (end > i && text_blank(lx->s[end - 1]))
		end--;
	char *s = NULL;
	if (end > i) {
		if (!(s = malloc(end - i + 1))) {
			R->r.oom = true;
		} else {
			for (size_t k = 0; k < end - i; k++) /* never raw to a terminal */
				s[k] = text_blank(lx->s[i + k]) ? ' ' : lx->s[i + k];
			s[end - i] = 0;
		}
	}
	advance(R);
	return s;
}

/* The rest of the line read past (Remark, Protocol, a LaTeX line). */
static void skip_line(struct reader *R, struct puzzle *p)
{
	size_t bytes;
	free(rest_of_line(R, p, &bytes));
}

/* Append line to *field, joined by sep; *len is the field's length and
   *popeye_len the bytes Popeye keeps of it (each line with its line end),
   which may not pass MAX_FIELD: Popeye runs past its buffer there, so the
   problem is in error (no line is cut).  Popeye keeps each Author line as
   one author, a line of its own (its ActAuthor, lines ended by '\n'),
   whatever the line holds ("A & B", "A; B"): the authors are joined by
   "\n" (struct puzzle.authors); Origin and Title lines by "; ".  Award,
   which Popeye replaces (strcpy), comes with *field NULL. */
static void append(struct reader *R, struct puzzle *p, int at_line, const char *word, char **field,
                   size_t *len, size_t *popeye_len, char *line, size_t line_bytes, const char *sep)
{
	if (!line)
		return;
	if (*popeye_len + line_bytes + 1 > MAX_FIELD) {
		input_error(&R->r, p, at_line, 1,
		            "%s: the lines take more than the %d bytes Popeye holds (each with its "
		            "line end)",
		            word, MAX_FIELD);
		free(line);
		return;
	}
	*popeye_len += line_bytes + 1;
	size_t n = strlen(line);
	size_t sl = strlen(sep);
	if (!*field) {
		*field = line;
		*len = n;
		return;
	}
	/* not input_printf(), which blanks the "\n" (the line is clean) */
	char *j = realloc(*field, *len + sl + n + 1);
	if (j) {
		memcpy(j + *len, sep, sl);
		memcpy(j + *len + sl, line, n + 1);
		*field = j;
		*len += sl + n;
	} else {
		R->r.oom = true;
	}
	free(line);
}

static int match_end(const struct reader *R, const char *tok)
{
	return popeye_match(R->L->end, 2, tok); /* EndProblem, NextProblem */
}

static int match_twin(const struct reader *R, const char *tok)
{
	int k = popeye_match(R->L->end + PE_TWIN, 2, tok);
	return k >= 0 ? PE_TWIN + k : k;
}

/* Does the token begin something new: a command, the end of the problem
   or a twin?  Where the words of a condition, a structured stipulation or
   a twinning are skipped, a word of one character is taken as theirs (a
   piece: "Substitute R B" has the R of Remark, the B of Bemerkung). */
static bool starts_new(const struct reader *R, const struct token *t, bool skipping)
{
	if (t->bad || (skipping && strlen(t->text) < 2))
		return false;
	return popeye_match(R->L->command, PC_COUNT, t->text) >= 0 || match_end(R, t->text) >= 0 ||
	       match_twin(R, t->text) >= 0;
}

/* Is the token a command, NextProblem, EndProblem, Twin or ZeroPosition
   for certain after a Condition: an abbreviation of the last four, or a
   command written in full?  Popeye reads the word after Condition as a
   condition first, and an abbreviated command may be one: "cond prot" is
   ProteanChess (EXAMPLES/proteanp.inp), not Protocol; German's Weisser...
   conditions start as WeiteresProblem, French PiecesPerdues as pieces. */
static bool surely_new(const struct reader *R, const struct token *t)
{
	if (t->bad)
		return false;
	if (match_end(R, t->text) >= 0 || match_twin(R, t->text) >= 0)
		return true;
	int c = popeye_match(R->L->command, PC_COUNT, t->text);
	return c >= 0 && !strcasecmp(R->L->command[c], t->text);
}

/* Skip the words of a command maat does not read, up to the next command,
   kept whole in words (a condition's reach a diagram's caption); the first
   word is the command's unless surely_new(). */
static void skip_words(struct reader *R, struct puzzle *p, struct strbuf *words)
{
	strbuf_clear(words);
	advance(R);
	bool first = true;
	while (R->have && (first ? !surely_new(R, &R->tok) : !starts_new(R, &R->tok, true))) {
		first = false;
		if (R->tok.bad)
			error_tok(R, p, &R->tok, "unexpected character");
		else if (!R->tok.too_long) { /* refused by advance(), never cut */
			if (words->len)
				strbuf_putc(words, ' ');
			strbuf_puts(words, R->tok.text);
		}
		advance(R);
	}
	if (strbuf_failed(words))
		R->r.oom = true;
}

/* A fairy condition: unsupported, and its words kept for a diagram's
   caption (struct puzzle.conditions, "; " between two). */
static void condition(struct reader *R, struct puzzle *p, const char *words)
{
	lost(R, p, "fairy condition '%s' is not supported", input_quote(words, strlen(words)).s);
	if (puzzle_add_condition(p, words) != 0)
		R->r.oom = true;
}

/* ------------------------------------------------------------- pieces */

/* A whole token of squares "a1", "a1b2c3" (Popeye's square list). */
static bool square_list(const char *s)
{
	size_t n = strlen(s);
	if (n == 0 || n % 2)
		return false;
	for (size_t i = 0; i < n; i += 2)
		if (tolower((unsigned char)s[i]) < 'a' || tolower((unsigned char)s[i]) > 'h' ||
		    s[i + 1] < '1' || s[i + 1] > '8')
			return false;
	return true;
}

struct board {
	struct setup s;
	bool given;     /* Pieces, Forsyth or InitialGameArray said something */
	unsigned attrs; /* the piece attributes of the colour group being read */
	bool diagram;   /* the diagram's (not a=>b's target): its men are kept */
};

/* Every man the file sets up, for a diagram should maat not hold the
   position (struct puzzle.men): its English code, its attributes in
   English words. */
static void keep_man(struct reader *R, struct puzzle *p, const struct board *b, int file, int rank,
                     int colour, char letter, const char *code, int codelen)
{
	if (!b->diagram)
		return;
	const struct popeye_lang *en = popeye_lang(POPEYE_ENGLISH);
	char attrs[POPEYE_PIECE_FLAGS * 24] = "";
	for (int f = 0; f < POPEYE_PIECE_FLAGS; f++)
		if (b->attrs & 1u << f && en->piece_flag[f]) {
			size_t have = strlen(attrs);
			snprintf(attrs + have, sizeof attrs - have, "%s%s", have ? " " : "",
			         en->piece_flag[f]);
		}
	/* an orthodox man by its Popeye code in the game's table ('N': "s") */
	const struct piece_kind *k = letter ? game_piece(p->game, letter) : NULL;
	char own = k && k->popeye ? (char)tolower((unsigned char)k->popeye) : 0;
	if (puzzle_add_man(p, file, rank, colour, own ? &own : code, own ? 1 : (size_t)codelen,
	                   attrs) < 0)
		R->r.oom = true;
}

static void place(struct reader *R, struct puzzle *p, struct board *b, const struct token *t,
                  const char *code, int codelen, int colour, const char *squares)
{
	char letter = popeye_orthodox_letter(R->L, code, codelen);
	bool warned = false; /* once a word: "Qf2f2f2..." is one mistake */
	for (const char *q = squares; *q; q += 2) {
		int file = tolower((unsigned char)q[0]) - 'a', rank = q[1] - '1';
		b->given = true;
		keep_man(R, p, b, file, rank, colour, letter, code, codelen);
		if (colour == PCOL_NEUTRAL)
			continue; /* reported with the colour */
		if (!letter) {
			const char *name = popeye_fairy_name(code, codelen);
			/* N is nearly always a knight written as in FEN: say how
			   the knight is written in the file's language */
			char knight[48] = "";
			if (codelen == 1 && tolower((unsigned char)code[0]) == 'n')
				snprintf(knight, sizeof knight,
				         " (the knight is %c in Popeye's codes)",
				         toupper((unsigned char)R->L->piece[4][0]));
			lost(R, p, "fairy piece '%.*s'%s%s%s at %c%c is not supported%s", codelen,
			     code, name ? " (" : "", name ? name : "", name ? ")" : "", q[0], q[1],
			     knight);
			continue;
		}
		char *cell = &b->s.grid[rank][file];
		if (*cell != '.' && !warned) {
			warned = true;
			input_warning(&R->r, p, t->line, t->col,
			              "%c%c: two pieces on one square, the last one is kept (as "
			              "Popeye does)",
			              q[0], q[1]);
		}
		*cell = colour == PCOL_BLACK ? (char)tolower((unsigned char)letter) : letter;
	}
}

/*
** One piece indication at the current token: "Kb4", "Sb1d2", "LEb2", or a
** code alone with its squares in the next token ("S b1d2").  The code is
** one character when the token's length is odd, two when it is even (as
** Popeye decides).  Returns false, without moving, when the token is not
** one (the next colour or command).
*/
static bool walk(struct reader *R, struct puzzle *p, struct board *b, int colour)
{
	const struct token *t = &R->tok;
	const char *s = t->text;
	size_t n = strlen(s);
	if (t->bad || n == 0)
		return false;
	if (strchr(s, '/') && strchr(s, '/') - s <= 2) {
		/* Popeye's hunters ("B/R"): fairy */
		lost(R, p, "fairy piece '%s' (a hunter) is not supported", tq(t).s);
		b->given = true;
		advance(R);
		return true;
	}
	int codelen = n <= 2 ? (int)n : n % 2 ? 1 : 2;
	for (int i = 0; i < codelen; i++)
		if (!isalnum((unsigned char)s[i]))
			return false;
	if ((size_t)codelen < n) {
		if (!square_list(s + codelen))
			return false;
		place(R, p, b, t, s, codelen, colour, s + codelen);
		advance(R);
		return true;
	}
	/* a code alone: its squares are the next token */
	struct token sq;
	bool known = popeye_orthodox_letter(R->L, s, codelen) || popeye_fairy_name(s, codelen);
	if (!peek(R, &sq) || !square_list(sq.text)) {
		if (known && !starts_new(R, t, false))
			error_tok(R, p, t, "Pieces: no squares after '%s'", tq(t).s);
		return false;
	}
	struct token code = *t;
	advance(R);
	place(R, p, b, &code, code.text, codelen, colour, R->tok.text);
	advance(R);
	return true;
}

/* Pieces White Ke1 Qd1 Black ke8 ...: colour groups, each with attributes
   (Royal, ...) and piece indications (Popeye's ParsePieces). */
static void pieces(struct reader *R, struct puzzle *p, struct board *b)
{
	const struct popeye_lang *L = R->L;
	int groups = 0;
	struct token word = R->tok;
	advance(R);
	if (!R->have)
		error_tok(R, p, &word, "%s needs pieces (as 'White Ke1') at the end of the file",
		          tq(&word).s);
	while (R->have) {
		int colour = R->tok.bad ? -1 : popeye_match(L->colour, PCOL_COUNT, R->tok.text);
		if (colour == -2) {
			error_tok(R, p, &R->tok, "Pieces: ambiguous colour '%s' (%s, %s, %s)",
			          tq(&R->tok).s, L->colour[0], L->colour[1], L->colour[2]);
			advance(R);
			continue;
		}
		if (colour < 0) {
			if (groups == 0)
				error_tok(R, p, &R->tok,
				          "Pieces: expected a colour (%s, %s), got '%s'",
				          L->colour[0], L->colour[1], tq(&R->tok).s);
			return;
		}
		groups++;
		struct token ct = R->tok;
		advance(R);
		if (colour == PCOL_INVISIBLE) {
			lost(R, p, "total invisible pieces are not supported");
			if (R->have && isdigit((unsigned char)R->tok.text[0]))
				advance(R);
			continue;
		}
		if (colour == PCOL_NEUTRAL)
			lost(R, p, "neutral pieces are not supported");
		int f;
		b->attrs = 0;
		while (R->have && !R->tok.bad &&
		       (f = popeye_match(L->piece_flag, POPEYE_PIECE_FLAGS, R->tok.text)) != -1) {
			if (f == -2) {
				error_tok(R, p, &R->tok, "Pieces: ambiguous piece attribute '%s'",
				          tq(&R->tok).s);
			} else {
				lost(R, p, "piece attribute '%s' (%s) is not supported",
				     tq(&R->tok).s, L->piece_flag[f]);
				b->attrs |= 1u << f;
			}
			advance(R);
		}
		int walks = 0;
		while (R->have && walk(R, p, b, colour))
			walks++;
		if (!walks) {
			error_tok(R, p, R->have ? &R->tok : &ct,
			          "Pieces: expected pieces after '%s'", tq(&ct).s);
			return;
		}
	}
}

/* Forsyth rnbqkbnr/pppppppp/8/...: Popeye's letters of the language, upper
   case White; "+", "-", "=" before a piece give its colour, "." a code of
   two letters. */
static void forsyth(struct reader *R, struct puzzle *p, struct board *b)
{
	struct token word = R->tok;
	advance(R);
	if (!R->have || R->tok.bad) {
		/* at the end of the file: where the command is */
		error_tok(R, p, R->have ? &R->tok : &word, "%s needs a position%s", tq(&word).s,
		          R->have ? "" : " at the end of the file");
		return;
	}
	const struct token *t = &R->tok;
	const char *s = t->text;
	int sq = 0; /* from a8 along the ranks: 64 squares */
	b->given = true;
	for (size_t i = 0; s[i];) {
		int col = t->col + (int)i;
		if (isdigit((unsigned char)s[i])) {
			int n = s[i++] - '0';
			if (isdigit((unsigned char)s[i]))
				n = n * 10 + (s[i++] - '0');
			sq += n;
			continue;
		}
		if (s[i] == '/') {
			i++;
			continue;
		}
		int colour = -1;
		if (s[i] == '+' || s[i] == '-' || s[i] == '=') {
			colour = s[i] == '+' ? PCOL_WHITE : s[i] == '-' ? PCOL_BLACK : PCOL_NEUTRAL;
			i++;
		}
		int len = 1;
		if (s[i] == '.') {
			i++;
			len = 2;
		}
		if (!isalpha((unsigned char)s[i]) ||
		    (len == 2 && !isalnum((unsigned char)s[i + 1]))) {
			input_error(&R->r, p, t->line, col, "Forsyth: unexpected '%c'",
			            s[i] ? s[i] : ' ');
			return;
		}
		if (colour < 0)
			colour = isupper((unsigned char)s[i]) ? PCOL_WHITE : PCOL_BLACK;
		if (sq >= 64) {
			/* Popeye places nothing past h1, and says nothing */
			input_warning(&R->r, p, t->line, col,
			              "Forsyth: more than 64 squares, the pieces past h1 are not "
			              "placed (as Popeye)");
			break;
		}
		char name[3] = {'a' + (char)(sq % 8), '8' - (char)(sq / 8), 0};
		if (colour == PCOL_NEUTRAL)
			lost(R, p, "neutral pieces are not supported");
		else if (len == 1 && !popeye_orthodox_letter(R->L, s + i, 1) &&
		         !popeye_fairy_name(s + i, 1)) {
			input_error(&R->r, p, t->line, col, "Forsyth: unknown piece '%c'", s[i]);
			return;
		}
		place(R, p, b, t, s + i, len, colour, name);
		i += (size_t)len;
		sq++;
	}
	advance(R);
}

/* InitialGameArray: the men of the game's start position, as the game
   gives it (its `start`, read by its own parser). */
static void game_array(struct reader *R, struct puzzle *p, struct board *b)
{
	const struct game *g = p->game;
	_Alignas(16) unsigned char pos[MAX_POS_SIZE];
	char err[256];
	struct setup start;
	if (g->parse(pos, g->start, err, sizeof err) != 0) {
		/* the game's own start position: never refused (check_games) */
		input_error(&R->r, p, R->tok.line, R->tok.col, "InitialGameArray: %s", err);
		advance(R);
		return;
	}
	g->get_setup(pos, &start);
	for (int f = 0; f < g->files && f < MAX_FILES; f++) /* a file's men, up the board */
		for (int r = 0; r < g->ranks && r < MAX_RANKS; r++) {
			char c = start.grid[r][f];
			if (c == '.')
				continue;
			b->s.grid[r][f] = c;
			keep_man(R, p, b, f, r,
			         game_letter_side(g, c) == 0 ? PCOL_WHITE : PCOL_BLACK,
			         (char)toupper((unsigned char)c), NULL, 0);
		}
	b->given = true;
	advance(R);
}

/* LaTeX file [code abbreviation name ...] and LaTeXPieces: for Popeye's
   LaTeX output, skipped. */
static void latex_pieces(struct reader *R, struct puzzle *p)
{
	while (R->have && !R->tok.bad && strlen(R->tok.text) <= 2 &&
	       isalpha((unsigned char)R->tok.text[0])) {
		advance(R); /* the piece */
		if (R->have)
			skip_line(R, p); /* its abbreviation and name */
	}
}

/* ------------------------------------------------------------- options */

struct facts {
	char ep[3];                   /* en passant square from EnPassant */
	char nocastle[MAX_TOKEN + 1]; /* the squares of NoCastling */
	bool castling_given;
	bool duplex, half_duplex;
	int setplay_line, setplay_col; /* where Option SetPlay stands, 0 none */
};

static bool number(const char *s)
{
	if (!isdigit((unsigned char)*s))
		return false;
	while (isdigit((unsigned char)*s))
		s++;
	return *s == 0;
}

/* A stipulation's length: "3", or a half move more, "4.5"; "1.0" as
   REGRESSIONS writes a=>b's (Popeye's ParseLength reads the number). */
static bool length(const char *s)
{
	size_t n = strlen(s);
	if (n > 2 && s[n - 2] == '.' && (s[n - 1] == '5' || s[n - 1] == '0')) {
		char whole[MAX_TOKEN + 1];
		snprintf(whole, sizeof whole, "%.*s", (int)(n - 2), s);
		return number(whole);
	}
	return number(s);
}

static void add_option(struct reader *R, struct puzzle *p, const struct puzzle_option *o)
{
	if (puzzle_add_option(p, o) < 0)
		R->r.oom = true;
}

/* EnPassant d7d6d5: the pawn's departure, the square it passed, its
   arrival; the square passed is the en passant square. */
static void en_passant(struct reader *R, struct puzzle *p, const struct token *t, struct facts *fx)
{
	size_t n = strlen(t->text);
	if (n == 8) {
		/* py-engl.txt: "3-4 squares" -- a triple step (Einstein chess) */
		lost(R, p, "EnPassant %s: a pawn's step over two squares is not supported",
		     tq(t).s);
		return;
	}
	if (n != 6) {
		error_tok(R, p, t,
		          "EnPassant: expected the pawn's three (or four) squares (as "
		          "'d7d6d5'), got '%s'",
		          tq(t).s);
		return;
	}
	fx->ep[0] = (char)tolower((unsigned char)t->text[2]);
	fx->ep[1] = t->text[3];
	fx->ep[2] = 0;
}

/* Option Try Defence 1 SetPlay ...: every option word and what follows it
   (Popeye's ParseOpt), kept in English in p->options. */
static void options(struct reader *R, struct puzzle *p, struct facts *fx)
{
	const struct popeye_lang *L = R->L, *E = popeye_lang(POPEYE_ENGLISH);
	struct token word = R->tok;
	int count = 0;
	advance(R);
	while (R->have && !R->tok.bad) {
		int o = popeye_match(L->option, PO_COUNT, R->tok.text);
		if (o == -2) {
			error_tok(R, p, &R->tok, "ambiguous option '%s'", tq(&R->tok).s);
			advance(R);
			continue;
		}
		if (o < 0)
			break;
		const struct option_info *info = option_info((enum popeye_option)o);
		struct token ot = R->tok;
		struct puzzle_option opt;
		option_start(&opt, (enum popeye_option)o);
		advance(R);
		int want = option_max_words(opt.id);
		for (int k = 0; k < want; k++) {
			bool ok = R->have && !R->tok.bad && option_take(&opt, k, R->tok.text);
			if (!ok && option_words_optional(opt.id))
				break;
			if (!ok) {
				error_tok(R, p, R->have ? &R->tok : &ot, "option %s needs %s",
				          E->option[o], option_wants(opt.id));
				return;
			}
			if (o == PO_EN_PASSANT)
				en_passant(R, p, &R->tok, fx);
			if (o == PO_NO_CASTLING) {
				snprintf(fx->nocastle, sizeof fx->nocastle, "%s", R->tok.text);
				fx->castling_given = true;
			}
			advance(R);
		}
		if (o == PO_WHITE_TO_PLAY) {
			R->white_to_play = true;
			count++;
			continue; /* applied to the stipulations, not kept (h#3 -> h#2.5) */
		}
		if (o == PO_SETPLAY) {
			fx->setplay_line = ot.line;
			fx->setplay_col = ot.col;
		}
		if (o == PO_DUPLEX)
			fx->duplex = true;
		if (o == PO_HALF_DUPLEX)
			fx->half_duplex = true;
		if (info->use == OPTUSE_UNSUPPORTED) {
			char text[96];
			option_format(&opt, text, sizeof text);
			input_unsupported(&R->r, p, "option '%s' is not supported: %s", text,
			                  info->popeye);
		}
		add_option(R, p, &opt);
		count++;
	}
	if (count == 0 && (!R->have || (!R->tok.bad && starts_new(R, &R->tok, false))))
		/* nothing after it (Popeye: "could not recognize option") */
		error_tok(R, p, &word, "%s needs an option (as 'Try') %s", tq(&word).s,
		          R->have ? "before the next command" : "at the end of the file");
	else if (count == 0 ||
	         (R->have && !R->tok.bad &&
	          popeye_match(R->L->command, PC_COUNT, R->tok.text) == -1 &&
	          match_end(R, R->tok.text) == -1 && match_twin(R, R->tok.text) == -1)) {
		/* a word that is neither an option nor a command: the options'
		   (Popeye: "could not recognize option"), not "unknown command" */
		error_tok(R, p, &R->tok, "Option: unknown option '%s'", tq(&R->tok).s);
		advance(R);
	}
	if (fx->duplex && fx->half_duplex)
		error_tok(R, p, &word, "Duplex and HalfDuplex do not go together");
}

/* ------------------------------------------------------------- stipulation */

/* Reads the stipulation; true when it is Popeye's a=>b, whose diagram is
   the start and whose Pieces and Forsyth after it give the position to
   reach (they are no more men of the diagram). */
static bool stipulation(struct reader *R, struct puzzle *p)
{
	struct token word = R->tok;
	advance(R);
	if (!R->have || R->tok.bad || starts_new(R, &R->tok, true)) {
		error_tok(R, p, R->have ? &R->tok : &word,
		          "Stipulation needs a stipulation "
		          "(as '#2')");
		return false;
	}
	struct token st = R->tok;
	char text[2 * MAX_TOKEN + 2];
	snprintf(text, sizeof text, "%s", st.text);
	advance(R);
	size_t n = strlen(text);
	/* the length may stand apart: "h# 2", "dia 4", "ser-s00 3" (Popeye's
	   ParseLength); a number is never a command of its own */
	if (n && R->have && length(R->tok.text)) {
		snprintf(text + n, sizeof text - n, "%s", R->tok.text);
		advance(R);
	}
	char err[256];
	p->has_stip = false;
	int rc = stip_parse(text, &p->stip, err, sizeof err);
	/* a length past maat's (ser-h#277, REGRESSIONS/4_89_to_4_91.inp) is
	   good Popeye: what maat does not play, not an error of the file */
	size_t d = strlen(text);
	while (d && (isdigit((unsigned char)text[d - 1]) || text[d - 1] == '.'))
		d--;
	if (rc == -1 && d && atol(text + d) > STIP_MAX_N) {
		lost(R, p, "%s: maat plays up to %d moves", input_quote(text, strlen(text)).s,
		     STIP_MAX_N);
		return false;
	}
	if (rc == -2)
		input_unsupported(&R->r, p, "%s", err);
	else if (rc < 0)
		error_tok(R, p, &st, "stipulation: %s", err);
	else
		p->has_stip = true;
	/* "a=>b5", "ser-a=>b2", "pser-a=>b", "ser-ha=>b" (Popeye's files) */
	for (const char *q = text; *q; q++)
		if (!strncasecmp(q, "a=>b", 4))
			return true;
	return false;
}

/* ------------------------------------------------------------- twins */

/* a..z, then z1, z2, ... (YACPDB's labels); NULL out of memory */
static char *twin_label(int i)
{
	return i < 26 ? text_aprintf("%c", 'a' + i) : text_aprintf("z%d", i - 25);
}

/* ZeroPosition or Twin and its twinning, up to the next Twin,
   ZeroPosition, Remark (read past), NextProblem or EndProblem. */
static void read_twin(struct reader *R, struct puzzle *p, bool zero)
{
	struct token word = R->tok;
	if (p->ntwins >= MAX_TWINS) {
		error_tok(R, p, &word, "more than %d twins in one problem", MAX_TWINS);
		zero = false;
	}
	if (zero && p->ntwins > 0)
		error_tok(R, p, &word, "ZeroPosition must come before the first Twin");
	advance(R);
	size_t at = 0, end = 0;
	int line = word.line, col = word.col;
	bool any = false;
	while (R->have) {
		const struct token *t = &R->tok;
		/* a twinning word first, as Popeye reads: "re" is Remove, not Remark */
		if (!t->bad && strlen(t->text) >= 2 &&
		    popeye_match(R->L->twinning, PT_COUNT, t->text) == -1) {
			if (match_end(R, t->text) >= 0 || match_twin(R, t->text) >= 0)
				break;
			if (popeye_match(&R->L->command[PC_REMARK], 1, t->text) == 0) {
				skip_line(R, p);
				continue;
			}
		}
		if (R->tok.bad)
			error_tok(R, p, &R->tok, "unexpected character");
		if (!any) {
			at = R->tok.at;
			line = R->tok.line;
			col = R->tok.col;
			any = true;
			if (p->ntwins < MAX_TWINS) {
				R->twin_at[p->ntwins] = at;
				R->twin_line_start[p->ntwins] = R->lx.line_start;
			}
		}
		end = R->tok.end;
		advance(R);
	}
	if (p->ntwins >= MAX_TWINS)
		return;
	if (!p->twins) {
		p->twins = calloc(MAX_TWINS + 1, sizeof *p->twins);
		if (!p->twins) {
			R->r.oom = true;
			return;
		}
	}
	struct twin *t = &p->twins[p->ntwins];
	if (zero)
		p->zero_position = true;
	t->line = line;
	t->col = col;
	t->label = twin_label(p->ntwins + !p->zero_position);
	t->text = malloc(end - at + 1);
	if (!t->label || !t->text) {
		free(t->label);
		free(t->text);
		t->label = t->text = NULL;
		R->r.oom = true;
		return;
	}
	memcpy(t->text, R->lx.s + at, end - at);
	t->text[end - at] = 0;
	for (char *q = t->text; *q; q++)
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			*q = ' '; /* a twinning over several lines, shown on one */
	p->ntwins++;
	if (!any)
		error_tok(R, p, &word, "%s without a twinning", tq(&word).s);
}

/* ------------------------------------------------------------- building */

/* Popeye's castling convention (the game's usual rights: king and rook at
   home), with NoCastling's squares taken away: a right goes with its
   king's square or its rook's. */
static void castling_rights(const struct game *g, struct setup *s, const char *nocastle)
{
	char usual[8], rights[8] = "";
	size_t n = 0;
	game_usual_castling(g, s, usual);
	for (const char *r = usual; *r; r++) {
		const struct castling_right *c = game_castling_right(g, *r);
		char king[4], rook[4];
		square_name(c->king_file, c->rank, king);
		square_name(c->rook_file, c->rank, rook);
		bool taken = false;
		for (const char *q = nocastle; q[0] && q[1]; q += 2) {
			char sq[3] = {(char)tolower((unsigned char)q[0]), q[1], 0};
			taken |= strcmp(sq, king) == 0 || strcmp(sq, rook) == 0;
		}
		if (!taken)
			rights[n++] = *r;
	}
	rights[n] = 0;
	snprintf(s->castling, sizeof s->castling, "%s", n ? rights : "-");
}

/* "a white king", "a black king" or "kings" when the setup lacks them
   (Popeye solves such a position, saying "both sides need a king"), else
   NULL; two kings of a side stay the position's error.  The king is the
   game's royal man, which the game names (issue 21: no chess letter
   outside the games layer). */
static const char *missing_king(const struct game *g, const struct setup *s)
{
	int white = 0, black = 0;
	for (int r = 0; r < g->ranks; r++)
		for (int f = 0; f < g->files; f++) {
			const struct piece_kind *k = game_piece(g, s->grid[r][f]);
			if (k && k->role == ROLE_ROYAL) {
				white += k->side == 0;
				black += k->side == 1;
			}
		}
	if (white > 1 || black > 1 || (white && black))
		return NULL;
	return !white && !black ? "kings" : !white ? "a white king" : "a black king";
}

/* Where byte `at` of twin i's text stands (twin_build's callback). */
static void twin_where(void *ctx, int i, size_t at, int *line, int *col)
{
	const struct reader *R = ctx;
	twin_pos(R, &R->cur->twins[i], i, at, line, col);
}

/*
** The twins' positions and the Duplex parts (twin.c's twin_build, in the
** file's language; messages from the file's own words, before the twins
** are put into English).
*/
static void build_twins(struct reader *R, struct puzzle *p, const struct setup *diagram,
                        const struct facts *fx, const char *duplex_ep, int opt_line)
{
	struct twin_build tb = {.lang = R->L,
	                        .file = R->r.name,
	                        .castling_explicit = fx->castling_given,
	                        .white_to_play = R->white_to_play,
	                        .duplex = fx->duplex,
	                        .half_duplex = fx->half_duplex,
	                        .duplex_ep = duplex_ep,
	                        .where = twin_where,
	                        .ctx = R};
	char err[128];
	R->cur = p;
	int rc = twin_build(p, diagram, &tb, err, sizeof err);
	R->cur = NULL;
	if (rc == -1)
		R->r.oom = true;
	else if (rc == -2)
		input_error(&R->r, p, opt_line, 1, "%s", err);
}

/* The twins' texts in English, as YACPDB writes them (after the twins
   were built and their messages made from the file's own words). */
static void english_twins(struct reader *R, struct puzzle *p)
{
	for (int i = 0; i < p->ntwins && !R->r.oom; i++) {
		struct twin *t = &p->twins[i];
		/* a Duplex part's text is maat's word "Duplex" */
		if (t->duplex)
			continue;
		size_t len = 8 * strlen(t->text) + 64; /* "a" -> "Add" */
		char *e = malloc(len);
		if (!e) {
			R->r.oom = true;
			return;
		}
		popeye_twin_english(R->L, t->text, e, len);
		free(t->text);
		t->text = e;
	}
}

/* ------------------------------------------------------------- problems */

/* One problem, from the token after BeginProblem or NextProblem up to the
   next NextProblem or EndProblem (left as the current token). */
static void read_problem(struct reader *R, struct puzzle *p)
{
	const struct popeye_lang *L = R->L;
	struct board b, target; /* target: a=>b's position to reach */
	bool target_given = false;
	struct facts fx;
	size_t lens[3] = {0, 0, 0};   /* of authors, source, title (append) */
	size_t popeye[3] = {0, 0, 0}; /* ... as Popeye keeps them */
	int opt_line = p->line;
	memset(&b, 0, sizeof b);
	memset(&fx, 0, sizeof fx);
	R->white_to_play = false;
	memset(b.s.grid, '.', sizeof b.s.grid);
	b.s.fullmove = 1;
	target = b;
	b.diagram = true;

	while (R->have && !R->r.oom) {
		struct token *t = &R->tok;
		if (t->bad) {
			error_tok(R, p, t, "unexpected character");
			advance(R);
			continue;
		}
		if (t->too_long) { /* refused by advance() */
			advance(R);
			continue;
		}
		int c = popeye_match(L->command, PC_COUNT, t->text);
		if (c == -1 && (match_end(R, t->text) >= 0 || match_twin(R, t->text) >= 0))
			break;
		if (c < 0) {
			if (c == -2 || match_end(R, t->text) == -2 || match_twin(R, t->text) == -2)
				error_tok(R, p, t, "ambiguous command '%s' (write more of it)",
				          tq(t).s);
			else
				error_tok(R, p, t, "unknown command '%s'", tq(t).s);
			advance(R);
			continue;
		}
		int cmd_line = t->line; /* t is the current token: rest_of_line moves on */
		size_t bytes;           /* of a line, as Popeye keeps it (rest_of_line) */
		switch (c) {
		case PC_AUTHOR:
		case PC_ORIGIN:
		case PC_TITLE: {
			/* the field each adds its line to, and the joint (append) */
			static const char *const word[3] = {"Author", "Origin", "Title"};
			static const char *const sep[3] = {"\n", "; ", "; "};
			char **field[3] = {&p->authors, &p->source, &p->title};
			int k = c == PC_AUTHOR ? 0 : c == PC_ORIGIN ? 1 : 2;
			char *line = rest_of_line(R, p, &bytes);
			append(R, p, cmd_line, word[k], field[k], &lens[k], &popeye[k], line, bytes,
			       sep[k]);
			break;
		}
		case PC_AWARD: {
			/* the last one, as Popeye's (it replaces the one before) */
			char *line = rest_of_line(R, p, &bytes);
			size_t len = 0, held = 0;
			char *award = NULL;
			append(R, p, cmd_line, "Award", &award, &len, &held, line, bytes, "");
			if (award) {
				free(p->award);
				p->award = award;
			}
			break;
		}
		case PC_REMARK:
		case PC_PROTOCOL:
			skip_line(R, p);
			break;
		case PC_LATEX:
			skip_line(R, p);
			latex_pieces(R, p);
			break;
		case PC_LATEX_PIECES:
			advance(R);
			latex_pieces(R, p);
			break;
		case PC_PIECES:
			pieces(R, p, target_given ? &target : &b);
			break;
		case PC_FORSYTH:
			forsyth(R, p, target_given ? &target : &b);
			break;
		case PC_GAME_ARRAY:
			game_array(R, p, &b);
			break;
		case PC_STIPULATION:
			target_given = stipulation(R, p);
			break;
		case PC_OPTION:
			opt_line = t->line;
			options(R, p, &fx);
			break;
		case PC_CONDITION:
		case PC_SSTIPULATION: {
			struct token word = *t;
			struct strbuf wb = STRBUF_INIT; /* the words, whole */
			skip_words(R, p, &wb);
			const char *words = strbuf_str(&wb);
			if (!words[0])
				/* at the end of the file or before the next command:
				   Popeye's "could not recognize condition" */
				error_tok(R, p, &word, "%s needs %s %s", tq(&word).s,
				          c == PC_CONDITION ? "a condition (as 'Circe')"
				                            : "a stipulation (as 'ser-h#3')",
				          R->have ? "before the next command"
				                  : "at the end of the file");
			else if (c == PC_CONDITION)
				condition(R, p, words);
			else
				lost(R, p,
				     "structured stipulation (SStipulation %s) is "
				     "not supported",
				     input_quote(words, strlen(words)).s);
			strbuf_free(&wb);
			break;
		}
		default:
			advance(R);
			break;
		}
	}
	while (R->have && !R->r.oom && match_end(R, R->tok.text) < 0) {
		int k = match_twin(R, R->tok.text);
		if (k < 0) { /* read_twin stops only at these */
			advance(R);
			continue;
		}
		read_twin(R, p, k == PE_ZERO_POSITION);
	}
	if (R->r.oom || p->error)
		return;

	/* the position and the twins */
	if (!p->has_stip && !p->unsupported) {
		input_error(&R->r, p, p->line, 1, "no Stipulation in this problem");
		return;
	}
	if (!b.given && !p->unsupported) {
		input_error(&R->r, p, p->line, 1, "no Pieces in this problem");
		return;
	}
	if (p->incomplete)
		return;
	const struct game *g = p->game;
	const char *kingless = missing_king(g, &b.s);
	if (kingless) {
		/* Popeye solves it ("a white or black king is missing"), and
		   maat's chess has both kings: not the file's error */
		lost(R, p, "a position without %s is not supported", kingless);
		return;
	}
	if (R->white_to_play)
		stip_white_to_play(&p->stip); /* before the twins, which start from it */
	const struct puzzle_option *sp = option_find(p->options, p->noptions, PO_SETPLAY);
	const char *na = sp && p->has_stip ? option_not_applicable(sp, &p->stip) : NULL;
	if (na)
		input_warning(&R->r, p, fx.setplay_line, fx.setplay_col, "%s", na);
	b.s.side_to_move = stip_usual_first(&p->stip);
	if (fx.castling_given)
		castling_rights(g, &b.s, fx.nocastle);
	if (fx.ep[0])
		snprintf(b.s.en_passant, sizeof b.s.en_passant, "%s", fx.ep);
	char e[256];
	/* Duplex or HalfDuplex with EnPassant: the double step may be the
	   diagram starter's, so that the other side, which plays first in
	   the duplex parts, takes en passant (as convert writes a #2 with
	   Black to move, issue 23 item 14); then the square goes with the
	   duplex parts (duplex.c), the diagram's own problems having none, as
	   in Popeye 4.104 */
	const char *duplex_ep = NULL;
	if ((fx.half_duplex || fx.duplex) && fx.ep[0]) {
		struct setup other = b.s;
		other.side_to_move ^= 1;
		if (g->setup(p->pos, &other, e, sizeof e) == 0) {
			duplex_ep = fx.ep;
			snprintf(b.s.en_passant, sizeof b.s.en_passant, "-");
		}
	}
	int src = g->setup(p->pos, &b.s, e, sizeof e);
	if (src == -2) { /* a board maat does not play (a pawn on rank 1 or 8) */
		lost(R, p, "%s", e);
		return;
	}
	if (src != 0) {
		if (p->unsupported)
			return; /* NoWk, a series mover with its king in check: Popeye's */
		/* e may quote the file's text as it is: input_error keeps the
		   message one line */
		input_error(&R->r, p, p->line, 1, "position: %s", e);
		return;
	}
	p->has_position = true;
	puzzle_drop_men(p); /* held: the position says it all */
	build_twins(R, p, &b.s, &fx, duplex_ep, opt_line);
	english_twins(R, p);
}

bool popeye_sniff(const char *data, size_t len)
{
	struct lexer lx = {.s = data, .len = len, .line = 1};
	struct token t;
	return next_token(&lx, &t) && !t.bad && popeye_language_of(t.text) >= 0;
}

int popeye_load_buffer(const char *name, const char *data, size_t len, struct collection *out)
{
	struct input_text text;
	if (input_decode(data, len, &text) != 0)
		return -1;
	char *shown = input_shown_name(name);
	if (!shown) {
		input_text_free(&text);
		return -1;
	}
	struct reader R = {.r = {.name = shown, .out = out},
	                   .lx = {.s = text.s, .len = text.n, .line = 1}};
	int latin1 = 0; /* the next line of text.latin1 to warn about */
	advance(&R);
	int lang = R.have && !R.tok.bad ? popeye_language_of(R.tok.text) : -1;
	if (lang < 0) {
		struct puzzle *p = input_new_puzzle(&R.r, R.have ? R.tok.line : 1);
		if (p)
			input_error(&R.r, p, R.have ? R.tok.line : 1, R.have ? R.tok.col : 1,
			            "a Popeye input file starts with BeginProblem (AnfangProblem, "
			            "DebutProbleme)");
	} else {
		R.L = popeye_lang(lang);
		int line = R.tok.line;
		advance(&R);
		for (;;) {
			if (out->count == INPUT_MAX_PUZZLES) {
				/* one puzzle more, to carry the error */
				struct puzzle *p = input_new_puzzle(&R.r, line);
				if (p)
					input_error(&R.r, p, line, 1,
					            "more than %d problems in one file: the rest "
					            "are not read",
					            INPUT_MAX_PUZZLES);
				break;
			}
			struct puzzle *p = input_new_puzzle(&R.r, line);
			if (!p)
				break;
			p->format = FORMAT_POPEYE;
			p->lang = R.L;
			R.in = p;
			word_too_long(&R); /* its first word, read before it began */
			read_problem(&R, p);
			R.in = NULL; /* what follows EndProblem is not read */
			if (R.r.oom)
				break;
			/* the lines read as Latin-1 up to the next problem: the
			   first named, the others counted */
			int first = latin1;
			while (latin1 < text.nlatin1 &&
			       (!R.have || text.latin1[latin1].line < R.tok.line))
				latin1++;
			if (latin1 > first)
				input_warn_latin1(&R.r, p, &text.latin1[first], latin1 - first - 1);
			if (!R.have) {
				input_warning(&R.r, p, R.lx.line, 1,
				              "no EndProblem at the end of the file");
				break;
			}
			int e = match_end(&R, R.tok.text);
			line = R.tok.line;
			advance(&R);
			if (e == PE_END_PROBLEM) {
				if (R.have)
					input_warning(&R.r, p, R.tok.line, R.tok.col,
					              "text after EndProblem is not read (as "
					              "Popeye)");
				break;
			}
			if (!R.have) {
				input_warning(&R.r, p, line, 1,
				              "NextProblem at the end of the file: no problem "
				              "follows");
				break;
			}
		}
	}
	input_text_free(&text);
	free(shown);
	if (R.r.oom) {
		collection_free(out);
		return -1;
	}
	return 0;
}
