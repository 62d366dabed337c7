/*
** lex.c -- a claimed solution cut into tokens (see lex.h).
**
** Three steps: the text is copied with {comments}, [brackets] and quotes
** blanked (line breaks kept, for the line numbers of messages); the copy
** is cut at blanks into words; each word is cut into tokens: a move
** number, parentheses and marks around a move, the move or word itself.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "claim/lex.h"
#include "base/textsafe.h"
#include "notation/move_parse.h"
#include "notation/popeye_lang.h"

#define MAX_TOKENS 100000 /* a longer solution is read up to here... */
#define MAX_LINE_TOKENS                                                                            \
	20000         /* ... and to the end of that line, if it ends within this                   \
	                 many tokens more (else the line is left out) */
#define PROSE_WORDS 8 /* at least this many words, more than moves: prose */
#define SKIPPED_NAMED                                                                              \
	8               /* prose words named in the warning, each whole; the                       \
	                   rest counted */
#define KEEP_CHUNK 4096 /* bytes of a chunk of kept texts (a longer text: its own) */

/* The texts of the tokens, in chunks that never move (tokens and the
   readers' alternatives point into them). */
struct claim_keep {
	struct claim_keep *next;
	size_t used, cap;
	char data[];
};

const char *claim_text_keep(struct claim_text *ct, const char *s, size_t n)
{
	struct claim_keep *k = ct->keep;
	if (!k || k->cap - k->used < n + 1) {
		size_t cap = n + 1 > KEEP_CHUNK ? n + 1 : KEEP_CHUNK;
		k = malloc(sizeof *k + cap);
		if (!k)
			return NULL;
		k->used = 0;
		k->cap = cap;
		k->next = ct->keep;
		ct->keep = k;
	}
	char *t = k->data + k->used;
	memcpy(t, s, n);
	t[n] = 0;
	k->used += n + 1;
	return t;
}

/* Bytes of a separator at s (a blank, a control, a quote, a no-break or
   thin space, typographic quotes), 0 when none. */
static size_t separator(const unsigned char *s)
{
	if (*s <= 0x20 || *s == 0x7f || *s == '"')
		return 1;
	if (s[0] == 0xC2 && s[1] == 0xA0)
		return 2;
	if (s[0] == 0xE2 && s[1] == 0x80 &&
	    (s[2] == 0x98 || s[2] == 0x99 || s[2] == 0x9C || s[2] == 0x9D || s[2] == 0x9E ||
	     s[2] == 0x89 || s[2] == 0xAF))
		return 3;
	return 0;
}

/* The text with comments and separators blanked and brackets dropped
   ("Rd5[c]/Rxb5[c]" is one word); line breaks kept. */
static char *blanked(const char *text)
{
	size_t len = strlen(text), o = 0;
	char *out = malloc(len + 1);
	if (!out)
		return NULL;
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0;
	int braces = 0, brackets = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (c == '\n') {
			out[o++] = '\n';
			i++;
			continue;
		}
		if (c == '{' || (c == '[' && !braces)) {
			braces += c == '{';
			brackets += c == '[';
			if (c == '{')
				out[o++] = ' ';
			i++;
			continue;
		}
		if (braces || brackets) {
			if (c == '}' && braces) {
				braces--;
				out[o++] = ' ';
			} else if (c == ']' && !braces && brackets) {
				brackets--;
			}
			i++;
			continue;
		}
		size_t sep = separator(s + i);
		if (sep) {
			out[o++] = ' ';
			i += sep;
			continue;
		}
		out[o++] = (char)c;
		i++;
	}
	out[o] = 0;
	return out;
}

/* ---- the vocabulary ---- */

enum { LANG_ANY = -1 };

static const struct word {
	const char *w;
	int kind; /* enum ctok_kind, or -1: a known word, skipped without a warning */
	int lang;
} vocabulary[] = {
    {"threat", CT_THREAT, POPEYE_ENGLISH},
    {"threats", CT_THREAT, POPEYE_ENGLISH},
    {"thr", CT_THREAT, POPEYE_ENGLISH},
    {"threatens", CT_THREAT, POPEYE_ENGLISH},
    {"threatening", CT_THREAT, POPEYE_ENGLISH},
    {"drohend", CT_THREAT, POPEYE_GERMAN},
    {"menaçant", CT_THREAT, POPEYE_FRENCH},
    {"drohung", CT_THREAT, POPEYE_GERMAN},
    {"drohungen", CT_THREAT, POPEYE_GERMAN},
    {"droht", CT_THREAT, POPEYE_GERMAN},
    {"dr", CT_THREAT, POPEYE_GERMAN},
    {"menace", CT_THREAT, POPEYE_FRENCH},
    {"menaces", CT_THREAT, POPEYE_FRENCH},
    {"but", CT_BUT, POPEYE_ENGLISH},
    {"aber", CT_BUT, POPEYE_GERMAN},
    {"mais", CT_BUT, POPEYE_FRENCH},
    {"zugzwang", CT_ZUGZWANG, LANG_ANY},
    {"zz", CT_ZUGZWANG, LANG_ANY},
    {"waiting", CT_ZUGZWANG, POPEYE_ENGLISH},
    {"blocus", CT_ZUGZWANG, POPEYE_FRENCH},
    {"refutes", CT_REFUTES, POPEYE_ENGLISH},
    {"dual", CT_DUAL, LANG_ANY},
    {"duals", CT_DUAL, LANG_ANY},
    {"try", CT_TRY_WORD, POPEYE_ENGLISH},
    {"tries", CT_TRY_WORD, POPEYE_ENGLISH},
    {"verführung", CT_TRY_WORD, POPEYE_GERMAN},
    {"verführungen", CT_TRY_WORD, POPEYE_GERMAN},
    {"verfuehrung", CT_TRY_WORD, POPEYE_GERMAN},
    {"verf", CT_TRY_WORD, POPEYE_GERMAN},
    {"essai", CT_TRY_WORD, POPEYE_FRENCH},
    {"essais", CT_TRY_WORD, POPEYE_FRENCH},
    /* the words of Popeye's and maat's own output, and of headings */
    {"key", -1, POPEYE_ENGLISH},
    {"schlüssel", -1, POPEYE_GERMAN},
    {"schluessel", -1, POPEYE_GERMAN},
    {"clé", -1, POPEYE_FRENCH},
    {"cle", -1, POPEYE_FRENCH},
    {"solution", -1, LANG_ANY},
    {"solutions", -1, LANG_ANY},
    {"lösung", -1, POPEYE_GERMAN},
    {"loesung", -1, POPEYE_GERMAN},
    {"lösungen", -1, POPEYE_GERMAN},
    {"finished", -1, POPEYE_ENGLISH},
    {"beendet", -1, POPEYE_GERMAN},
    {"terminee", -1, POPEYE_FRENCH},
    {"set", -1, POPEYE_ENGLISH},
    {"play", -1, POPEYE_ENGLISH},
    {"setplay", -1, POPEYE_ENGLISH},
    {"satzspiel", -1, POPEYE_GERMAN},
    {"jeu", -1, POPEYE_FRENCH},
    {"apparent", -1, POPEYE_FRENCH},
    {"twin", -1, POPEYE_ENGLISH},
    {"twins", -1, POPEYE_ENGLISH},
    {"zwilling", -1, POPEYE_GERMAN},
    {"jumeau", -1, POPEYE_FRENCH},
    {"diagram", -1, POPEYE_ENGLISH},
    {"short", -1, POPEYE_ENGLISH},
    {"wins", -1, POPEYE_ENGLISH},
    {"in", -1, LANG_ANY},
    {"no", -1, POPEYE_ENGLISH},
    {"more", -1, POPEYE_ENGLISH},
    {"and", -1, POPEYE_ENGLISH},
    {"or", -1, POPEYE_ENGLISH},
    {"und", -1, POPEYE_GERMAN},
    {"oder", -1, POPEYE_GERMAN},
    {"et", -1, POPEYE_FRENCH},
    {"ou", -1, POPEYE_FRENCH},
    {"etc", -1, LANG_ANY},
    {"usw", -1, POPEYE_GERMAN},
    {"cook", -1, POPEYE_ENGLISH},
    {"e.p", -1, LANG_ANY},
    {"ep", -1, LANG_ANY},
    {"e. p", -1, LANG_ANY},
};

static const struct word *known_word(const char *w, size_t n)
{
	char low[64];
	while (n && strchr(":.,;!", w[n - 1]))
		n--;
	if (n == 0 || n >= sizeof low)
		return NULL;
	for (size_t i = 0; i < n; i++)
		low[i] = (char)tolower((unsigned char)w[i]);
	low[n] = 0;
	for (size_t i = 0; i < sizeof vocabulary / sizeof vocabulary[0]; i++)
		if (!strcmp(vocabulary[i].w, low))
			return &vocabulary[i];
	return NULL;
}

/* ---- words ---- */

/* A square name somewhere, or castling (notation/move_parse.h). */
static bool looks_like_move(const char *t, size_t n)
{
	return notation_looks_like_move(t, n);
}

/* A twinning of Popeye's output or YACPDB's ("wKb6-->b5", "bRc4<-->bPd3",
   "a1==>a2"): no move. */
static bool twinning(const char *t, size_t n)
{
	static const char *const arrows[] = {"-->", "<--", "==>", "<->", "<=>"};
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < sizeof arrows / sizeof arrows[0]; k++)
			if (n - i >= 3 && !strncmp(t + i, arrows[k], 3))
				return true;
	return false;
}

/* "a)", "+c)", "z1)", "I)", "IV)": a part label (without its ')'). */
static bool part_label(const char *t, size_t n)
{
	if (n && *t == '+') {
		t++;
		n--;
	}
	if (n >= 1 && n <= 3 && t[0] >= 'a' && t[0] <= 'z') {
		for (size_t i = 1; i < n; i++)
			if (!isdigit((unsigned char)t[i]))
				return false;
		return true;
	}
	if (n >= 1 && n <= 4) {
		for (size_t i = 0; i < n; i++)
			if (!strchr("IVX", t[i]))
				return false;
		return true;
	}
	return false;
}

static struct ctok *push(struct claim_text *ct, enum ctok_kind kind, const char *text, size_t n,
                         int line)
{
	/* read up to MAX_TOKENS, and the line they end in to its end: a claim
	   is never judged on part of a line (a try cut after its "but" read as a
	   try with no refutation) */
	if (ct->n >= MAX_TOKENS &&
	    (ct->n >= MAX_TOKENS + MAX_LINE_TOKENS || line != ct->t[ct->n - 1].line)) {
		ct->cut = true; /* read up to here: not out of memory */
		ct->cut_in_line = line == ct->t[ct->n - 1].line;
		return NULL;
	}
	if (ct->n == ct->cap) {
		int cap = ct->cap ? ct->cap * 2 : 64;
		struct ctok *t = realloc(ct->t, (size_t)cap * sizeof *t);
		if (!t)
			return NULL;
		ct->t = t;
		ct->cap = cap;
	}
	const char *kept = claim_text_keep(ct, text, n);
	if (!kept)
		return NULL;
	struct ctok *t = &ct->t[ct->n++];
	memset(t, 0, sizeof *t);
	t->kind = kind;
	t->line = line;
	t->text = kept;
	return t;
}

static unsigned marks_of(const char *m, size_t n)
{
	unsigned marks = 0;
	for (size_t i = 0; i < n; i++)
		marks |= m[i] == '!'   ? CM_KEY
		         : m[i] == '?' ? CM_TRY
		         : m[i] == '+' ? CM_CHECK
		         : m[i] == '#' ? CM_MATE
		                       : 0;
	/* "?!?" (Popeye), "!?" (an interesting try), "?!": all moves that fail */
	if (marks & CM_TRY)
		marks &= ~(unsigned)CM_KEY;
	return marks;
}

static bool mark_char(char c)
{
	return c == '+' || c == '#' || c == '!' || c == '?' || c == '=';
}

/* Marks standing alone, or split off a move: onto the move before (when
   it is the token just before: "1.Qa7-a1 + ?"). */
static void add_marks(struct claim_text *ct, const char *m, size_t n)
{
	if (!ct->n || (ct->t[ct->n - 1].kind != CT_MOVE && ct->t[ct->n - 1].kind != CT_ANY))
		return;
	unsigned add = marks_of(m, n), *marks = &ct->t[ct->n - 1].marks;
	*marks |= add;
	if (*marks & CM_TRY)
		*marks &= ~(unsigned)CM_KEY;
}

/* Drop "(b4)" glued inside a word ("2.Kd5(b4)", "2.Nxc7(Nc8)#"): another
   spelling or an alternative the reader does not check. */
static size_t drop_glued(char *w, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		if (w[i] != '(')
			continue;
		size_t j = i + 1;
		while (j < n && w[j] != ')')
			j++;
		if (j == n)
			return i; /* unbalanced: the rest goes */
		memmove(w + i, w + j + 1, n - j - 1);
		n -= j + 1 - i;
		i--;
	}
	return n;
}

struct lexer {
	struct claim_text *ct;
	int depth; /* parentheses open */
	int line;
	int letters[26]; /* moves by first letter A-Z: their language */
	int lang_words[POPEYE_LANGUAGES];
	bool failed;                      /* out of memory, or MAX_TOKENS read (ct->cut) */
	const char *names[SKIPPED_NAMED]; /* prose words named (in the keep) */
	int named;
};

/* A prose word: counted, and the first SKIPPED_NAMED different ones named
   whole (escaped when shown).  Never cut: the warning names them or
   counts them. */
static void note_word(struct lexer *lx, const char *w, size_t n)
{
	struct claim_text *ct = lx->ct;
	ct->words++;
	ct->nskipped++;
	if (lx->named == SKIPPED_NAMED || lx->failed)
		return;
	for (int i = 0; i < lx->named; i++)
		if (strlen(lx->names[i]) == n && !memcmp(lx->names[i], w, n))
			return; /* once each */
	const char *kept = claim_text_keep(ct, w, n);
	if (!kept) {
		lx->failed = true;
		return;
	}
	lx->names[lx->named++] = kept;
}

/* The number at w ("12.", "1...", "1…", "1.."): its length, 0 if none. */
static size_t number_at(const char *w, size_t n, int *num, int *dots)
{
	size_t i = 0;
	int v = 0;
	while (i < n && isdigit((unsigned char)w[i]) && i < 4)
		v = v * 10 + (w[i++] - '0');
	if (i == 0 || i == 4 || i == n)
		return 0;
	int d = 0;
	for (;;) {
		if (i < n && w[i] == '.') {
			i++;
			d++;
		} else if (i + 2 < n && (unsigned char)w[i] == 0xE2 &&
		           (unsigned char)w[i + 1] == 0x80 && (unsigned char)w[i + 2] == 0xA6) {
			i += 3;
			d += 3;
		} else {
			break;
		}
	}
	if (d == 0)
		return 0;
	*num = v;
	*dots = d > 1 ? 3 : 1;
	return i;
}

static void lex_word(struct lexer *lx, char *w, size_t n)
{
	struct claim_text *ct = lx->ct;
	while (n > 0 && !lx->failed) {
		if (*w == '(') {
			lx->depth++;
			if (!push(ct, CT_OPEN, "(", 1, lx->line))
				lx->failed = true;
			w++, n--;
			continue;
		}
		if (*w == '>') { /* "(>2.Sd7#)": threatens */
			if (!push(ct, CT_THREAT, ">", 1, lx->line))
				lx->failed = true;
			w++, n--;
			continue;
		}
		if (*w == '/') { /* "2.Qb4# / Qd6#", "Rd5 /Rxb5" */
			if (!push(ct, CT_SLASH, "/", 1, lx->line))
				lx->failed = true;
			w++, n--;
			continue;
		}
		int num, dots;
		size_t k = number_at(w, n, &num, &dots);
		if (k) {
			struct ctok *t = push(ct, CT_NUMBER, w, k, lx->line);
			if (!t) {
				lx->failed = true;
				return;
			}
			t->num = num;
			t->dots = dots;
			w += k, n -= k;
			/* "2.-" (German for 2...), "2.–" */
			if ((n == 1 && *w == '-') ||
			    (n == 3 && (unsigned char)w[0] == 0xE2 && (unsigned char)w[1] == 0x80 &&
			     ((unsigned char)w[2] == 0x93 || (unsigned char)w[2] == 0x94))) {
				t->dots = 3;
				return;
			}
			continue;
		}
		/* leading marks before a word: "!threat:" */
		size_t m = 0;
		while (m < n && mark_char(w[m]) && w[m] != '=')
			m++;
		/* (not Popeye's "+c)": a twin's part built on the one before) */
		if (m && m < n && isalpha((unsigned char)w[m]) &&
		    !(w[n - 1] == ')' && part_label(w, n - 1))) {
			add_marks(ct, w, m);
			w += m, n -= m;
			continue;
		}
		break;
	}
	if (n == 0 || lx->failed)
		return;
	/* a part label, before its ')' is taken for a parenthesis */
	if (lx->depth == 0 && n >= 2 && w[n - 1] == ')' && part_label(w, n - 1)) {
		if (!push(ct, CT_PART, w, n, lx->line))
			lx->failed = true;
		return;
	}
	n = drop_glued(w, n);
	int closes = 0;
	bool comma = false; /* "Be5-d4#, Be5-e4#": a list of alternatives */
	while (n && strchr("),;", w[n - 1])) {
		comma = comma || (w[n - 1] == ',' && !closes);
		closes += w[--n] == ')';
	}
	/* "6.Rh3." ends a sentence */
	if (n > 1 && w[n - 1] == '.' && looks_like_move(w, n - 1) &&
	    isdigit((unsigned char)w[n - 2]))
		n--;
	if (n == 0) {
		/* nothing */
	} else if (twinning(w, n)) {
		/* skipped: the twin's label says whose part follows */
	} else if (memchr(w, '~', n)) {
		size_t core = (size_t)((char *)memchr(w, '~', n) - w) + 1;
		struct ctok *t = push(ct, CT_ANY, w, core, lx->line);
		if (!t)
			lx->failed = true;
		else
			t->marks = marks_of(w + core, n - core);
		ct->moves++;
	} else {
		/* marks after the move: "Qd8#", "Rc4-a4+?", "Rf6=" */
		size_t core = n;
		while (core && mark_char(w[core - 1]) &&
		       !(w[core - 1] == '=' && core < n && isupper((unsigned char)w[core])))
			core--;
		/* "g5*f6ep." glued to the move */
		core -= notation_ep_glued(w, core);
		if (core == 0) {
			add_marks(ct, w, n);
		} else if (looks_like_move(w, core)) {
			struct ctok *t = push(ct, CT_MOVE, w, core, lx->line);
			if (!t) {
				lx->failed = true;
				return;
			}
			t->marks = marks_of(w + core, n - core);
			ct->moves++;
			if (isupper((unsigned char)w[0]))
				lx->letters[w[0] - 'A']++;
			/* maat's own "2.Bd5-e6 Be5-d4#, Be5-e4#" (a key's or a try's
			   comma ends a clause, not a list) */
			if (comma && !(t->marks & (CM_KEY | CM_TRY)) &&
			    !push(ct, CT_SLASH, ",", 1, lx->line))
				lx->failed = true;
		} else if (core < n && notation_is_ep_sign(w, core)) {
			/* "h5xg6 ep.#!": the marks after the en passant sign (maat's
			   text writer; Popeye's stand apart, "ep. # !") are the move's */
			add_marks(ct, w + core, n - core);
		} else {
			const struct word *kw = known_word(w, n);
			if (kw) {
				if (kw->lang >= 0)
					lx->lang_words[kw->lang]++;
				if (kw->kind >= 0 &&
				    !push(ct, (enum ctok_kind)kw->kind, w, n, lx->line))
					lx->failed = true;
			} else {
				bool quiet = true; /* digits and punctuation: "3 + 1", "-", "..." */
				for (size_t i = 0; i < n && quiet; i++)
					quiet = !isalpha((unsigned char)w[i]) &&
					        (unsigned char)w[i] < 0x80;
				if (!quiet) {
					if (!push(ct, CT_WORD, w, n, lx->line))
						lx->failed = true;
					else
						note_word(lx, w, n);
				}
			}
		}
	}
	for (; closes > 0 && !lx->failed; closes--) {
		if (lx->depth)
			lx->depth--;
		if (!push(ct, CT_CLOSE, ")", 1, lx->line))
			lx->failed = true;
	}
}

/* Popeye's MoveNumbers trace, "  3  (Bd1-f3 )" or " 12  (Ka1-b2 + )": the
   first moves it tried, no claim. */
static bool move_number_trace(const char *l, size_t n)
{
	size_t i = 0;
	while (i < n && l[i] == ' ')
		i++;
	size_t d = i;
	while (i < n && isdigit((unsigned char)l[i]))
		i++;
	if (i == d || i == n || l[i] != ' ')
		return false;
	while (i < n && l[i] == ' ')
		i++;
	while (n > i && (l[n - 1] == ' ' || l[n - 1] == '\r'))
		n--;
	return i < n && l[i] == '(' && l[n - 1] == ')';
}

/* The rest of a line from l (n bytes) that is Popeye's bookkeeping, no
   claim: its Intelligent mode's counts ("  26 potential positions in 1+3",
   "moegliche Stellungen in", "positions possibles dans"), its -regression
   counters ("  play_move:  1057"), and the time after "solution finished."
   ("Time = 1.025 s", "Zeit =", "Temps ="). Its length from l, 0 if none.
   Read as words, they made a solution pasted from Popeye's output "prose". */
static size_t popeye_chatter(const char *l, size_t n, bool line_start)
{
	static const char *const counts[] = {"potential positions in ", "moegliche Stellungen in ",
	                                     "positions possibles dans "};
	static const char *const counters[] = {
	    "add_to_move_generation_stack:", "play_move:", "is_white_king_square_attacked:",
	    "is_black_king_square_attacked:"};
	static const char *const times[] = {"Time", "Zeit", "Temps"};
	size_t i = 0;
	for (size_t k = 0; k < sizeof times / sizeof *times; k++) {
		size_t w = strlen(times[k]);
		if (n > w && !strncmp(l, times[k], w)) {
			size_t j = w;
			while (j < n && l[j] == ' ')
				j++;
			if (j < n && l[j] == '=')
				return n;
		}
	}
	if (!line_start)
		return 0;
	while (i < n && l[i] == ' ')
		i++;
	for (size_t k = 0; k < sizeof counters / sizeof *counters; k++)
		if (!strncmp(l + i, counters[k], strlen(counters[k])) &&
		    i + strlen(counters[k]) <= n)
			return n;
	size_t d = i;
	while (i < n && isdigit((unsigned char)l[i]))
		i++;
	if (i == d || i == n || l[i] != ' ')
		return 0;
	i++;
	for (size_t k = 0; k < sizeof counts / sizeof *counts; k++) {
		size_t w = strlen(counts[k]);
		if (n - i > w && !strncmp(l + i, counts[k], w)) {
			size_t j = i + w;
			while (j < n && (isdigit((unsigned char)l[j]) || l[j] == '+'))
				j++;
			while (j < n && (l[j] == ' ' || l[j] == '\r'))
				j++;
			return j == n ? n : 0;
		}
	}
	return 0;
}

int claim_lex(const char *text, struct claim_text *ct)
{
	memset(ct, 0, sizeof *ct);
	ct->lang = POPEYE_ENGLISH;
	if (!text)
		return 0;
	char *copy = blanked(text);
	if (!copy)
		return -1;
	struct lexer lx = {.ct = ct, .line = 1};
	bool line_start = true;
	const char *eol = copy; /* the current line's end, found once a line */
	for (char *p = copy; *p && !lx.failed;) {
		if (p >= eol)
			eol = p + strcspn(p, "\n");
		if (line_start) {
			line_start = false;
			size_t l = (size_t)(eol - p);
			if (move_number_trace(p, l) || popeye_chatter(p, l, true)) {
				p += l;
				continue;
			}
		}
		if (*p == '\n') {
			lx.line++;
			p++;
			line_start = true;
			continue;
		}
		if (*p == ' ') {
			p++;
			continue;
		}
		size_t chatter = popeye_chatter(p, (size_t)(eol - p), false);
		if (chatter) {
			p += chatter;
			continue;
		}
		size_t n = strcspn(p, " \n");
		lex_word(&lx, p, n);
		p += n;
	}
	free(copy);
	if (lx.named && !lx.failed) {
		struct strbuf b = STRBUF_INIT;
		for (int i = 0; i < lx.named; i++)
			strbuf_printf(&b, "%s'%s'", i ? ", " : "", lx.names[i]);
		if (ct->nskipped > lx.named)
			strbuf_printf(&b, " and %d more", ct->nskipped - lx.named);
		if (!strbuf_failed(&b))
			ct->skipped = (char *)claim_text_keep(ct, strbuf_str(&b), b.len);
		strbuf_free(&b);
		if (!ct->skipped)
			lx.failed = true;
	}
	if (lx.failed && !ct->cut) {
		claim_text_free(ct);
		return -1;
	}
	/* cut inside a line (longer than MAX_LINE_TOKENS past the limit): that
	   line is not read at all */
	if (ct->cut && ct->cut_in_line && ct->n > 0) {
		int cut_line = ct->t[ct->n - 1].line;
		while (ct->n > 0 && ct->t[ct->n - 1].line == cut_line)
			ct->n--;
	}
	ct->lines = ct->n ? ct->t[ct->n - 1].line : 0; /* the last line that says something */
	ct->lang = popeye_guess_language(lx.lang_words, lx.letters);
	ct->prose = ct->words >= PROSE_WORDS && ct->words > ct->moves;
	return 0;
}

void claim_text_free(struct claim_text *ct)
{
	free(ct->t);
	while (ct->keep) {
		struct claim_keep *next = ct->keep->next;
		free(ct->keep);
		ct->keep = next;
	}
	memset(ct, 0, sizeof *ct);
}

void claim_numbered(struct strbuf *b, int ply, const char *text)
{
	if (ply < 0)
		strbuf_puts(b, text);
	else
		strbuf_printf(b, "%d%s%s", ply / 2 + 1, ply % 2 ? "..." : ".", text);
}

void claim_text_notes(const struct claim_text *ct, struct strbuf *b)
{
	size_t start = b->len;
	if (ct->prose)
		strbuf_printf(b,
		              "the solution reads as prose (%d words that are not "
		              "moves): only its keys are checked",
		              ct->words);
	else if (ct->nskipped)
		strbuf_printf(b, "%s %s %s: skipped",
		              ct->nskipped == 1 ? "the solution's word" : "the solution's words",
		              ct->skipped ? ct->skipped : "",
		              ct->nskipped == 1 ? "is not a move" : "are not moves");
	const char *sep = b->len > start ? "; " : "";
	for (int i = 0; i + 1 < ct->n; i++)
		if (ct->t[i].kind == CT_NUMBER && ct->t[i].num == 0 &&
		    (ct->t[i + 1].kind == CT_MOVE || ct->t[i + 1].kind == CT_ANY)) {
			strbuf_printf(b, "%sthe retro move %s%s is not checked", sep, ct->t[i].text,
			              ct->t[i + 1].text);
			break;
		}
	sep = b->len > start ? "; " : "";
	if (ct->cut && ct->n)
		strbuf_printf(b,
		              "%sthe solution is longer than %d words: read to the end of its line "
		              "%d, the rest is not",
		              sep, MAX_TOKENS, ct->t[ct->n - 1].line);
	else if (ct->cut)
		strbuf_printf(b, "%sthe solution's first line is longer than %d words: not read",
		              sep, MAX_TOKENS);
}
