/*
** stip.c -- stipulations (see stip.h): Popeye's spellings and the words of
** rules S1-S3, S6, S7, and who moves first.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "play/stip.h"
#include "base/textsafe.h"
#include "games/game.h"
#include "play/play.h"

/* Popeye's board, where its target and kiss goals name a square */
#define POPEYE_FILES 8
#define POPEYE_RANKS 8

/* Quote at most 40 bytes of user text in a message. */
#define QUOTE_MAX 40

static void quote(const char *s, char *buf, size_t len)
{
	text_quote(buf, len, s, strlen(s), QUOTE_MAX); /* escaped: one line */
}

/*
** "[+-]digits" filling the whole of s.  The value saturates so that huge
** numbers are still reported as out of range rather than overflowing.
*/
static bool parse_count(const char *s, long *out)
{
	int sign = 1;
	long v = 0;
	if (*s == '-' || *s == '+')
		sign = *s++ == '-' ? -1 : 1;
	if (!isdigit((unsigned char)*s))
		return false;
	for (; isdigit((unsigned char)*s); s++)
		if (v < 1000000)
			v = v * 10 + (*s - '0');
	if (*s)
		return false;
	*out = sign * v;
	return true;
}

/*
** Split on blanks, '-' and '_' into at most 6 lower-case words.  A '-'
** after a blank and before a digit is a sign: "win in -1" is a bad N, while
** "win-in-6" is 6.
*/
static int words(const char *s, char w[6][24])
{
	int n = 0;
	bool blank = true;
	while (*s) {
		if (isspace((unsigned char)*s) || *s == '_' ||
		    (*s == '-' && !(blank && isdigit((unsigned char)s[1])))) {
			blank = isspace((unsigned char)*s);
			s++;
			continue;
		}
		if (n == 6)
			return -1;
		size_t k = 0;
		if (*s == '-')
			w[n][k++] = *s++;
		while (*s && !isspace((unsigned char)*s) && *s != '-' && *s != '_') {
			if (k + 1 >= sizeof w[n])
				return -1;
			w[n][k++] = (char)tolower((unsigned char)*s++);
		}
		w[n][k] = 0;
		n++;
		blank = false;
	}
	return n;
}

const char *stip_target_sign(enum stip_target target)
{
	static const char *const sign[TARGETS] = {"#",  "=", "==", "+",  "x",
	                                          "#=", "~", "00", "##", "##!"};
	return target >= 0 && target < TARGETS ? sign[target] : "#";
}

const char *stip_target_mark(enum stip_target target)
{
	return target == TARGET_ANY || target == TARGET_CASTLING ? "" : stip_target_sign(target);
}

/* Popeye's own spelling: [ser-][h|s|r|hs|hr]#N, '=' for the stalemate goal,
   "==" double stalemate, '+' check, 'x' capture, "#=" mate or stalemate, '~'
   any move, "00" castling, "##" double mate, "##!" counter-mate, spaces
   allowed after the goal.  "=#", "===", "!=" are other goals (or none). */
static int popeye_form(const char *s, enum stip_kind *kind, enum stip_target *target,
                       const char **num)
{
	const char *hash = strpbrk(s, "#=+xX~");
	const char *digit = strpbrk(s, "0123456789");
	size_t glen = 1;
	if (digit && (!hash || digit < hash) && digit[0] == '0' && digit[1] == '0') {
		/* the castling goal: "h002", "ser-h0014" */
		hash = digit;
		*target = TARGET_CASTLING;
		glen = 2;
	} else if (!hash) {
		return 0;
	} else if (hash[0] == '=' && hash[1] == '=') {
		*target = TARGET_DOUBLE_STALEMATE;
		glen = 2;
	} else if (hash[0] == '#' && hash[1] == '#' && hash[2] == '!') {
		*target = TARGET_COUNTER_MATE;
		glen = 3;
	} else if (hash[0] == '#' && hash[1] == '#') {
		*target = TARGET_DOUBLE_MATE;
		glen = 2;
	} else if (hash[0] == '#' && hash[1] == '=') {
		*target = TARGET_MATE_OR_STALEMATE;
		glen = 2;
	} else if (hash[0] == '~') {
		*target = TARGET_ANY;
	} else {
		*target = *hash == '='   ? TARGET_STALEMATE
		          : *hash == '+' ? TARGET_CHECK
		          : *hash == '#' ? TARGET_WIN
		                         : TARGET_CAPTURE;
	}
	if (hash[glen] && strchr("#=+xX~!", hash[glen]))
		return 0;
	size_t plen = (size_t)(hash - s);
	const struct play *found = NULL;
	for (const struct play *const *p = play_all(); *p; p++)
		if (strlen((*p)->popeye) == plen && strncasecmp(s, (*p)->popeye, plen) == 0)
			found = *p;
	if (!found)
		return 0;
	*kind = found->kind;
	s = hash + glen;
	while (isspace((unsigned char)*s))
		s++;
	*num = s;
	return 1;
}

/* The words of S1-S3, S6, S7: [series-][help-|self-|reflex-]win in N, and
   "stalemate in N", "double-stalemate in N" for the stalemate goals, "check
   in N", "capture in N", "castling in N" for the goals of the last move,
   "win-or-stalemate in N" and "any-move in N" for Popeye's "#=" and '~',
   "double-mate in N" and "counter-mate in N" for its "##" and "##!". */
static int word_form(const char *s, enum stip_kind *kind, enum stip_target *target, char num[24])
{
	char w[6][24];
	int n = words(s, w);
	if (n < 3 || strcmp(w[n - 2], "in") != 0)
		return 0;
	int goal_words = 1;
	if (n >= 5 && strcmp(w[n - 5], "win") == 0 && strcmp(w[n - 4], "or") == 0 &&
	    strcmp(w[n - 3], "stalemate") == 0) {
		*target = TARGET_MATE_OR_STALEMATE;
		goal_words = 3;
	} else if (n >= 4 && strcmp(w[n - 4], "any") == 0 && strcmp(w[n - 3], "move") == 0) {
		*target = TARGET_ANY;
		goal_words = 2;
	} else if (strcmp(w[n - 3], "win") == 0) {
		*target = TARGET_WIN;
	} else if (strcmp(w[n - 3], "check") == 0) {
		*target = TARGET_CHECK;
	} else if (strcmp(w[n - 3], "capture") == 0) {
		*target = TARGET_CAPTURE;
	} else if (strcmp(w[n - 3], "castling") == 0) {
		*target = TARGET_CASTLING;
	} else if (n >= 4 && strcmp(w[n - 3], "mate") == 0 &&
	           (strcmp(w[n - 4], "double") == 0 || strcmp(w[n - 4], "counter") == 0)) {
		*target = w[n - 4][0] == 'd' ? TARGET_DOUBLE_MATE : TARGET_COUNTER_MATE;
		goal_words = 2;
	} else if (strcmp(w[n - 3], "stalemate") == 0) {
		*target = TARGET_STALEMATE;
		if (n >= 4 && strcmp(w[n - 4], "double") == 0) {
			*target = TARGET_DOUBLE_STALEMATE;
			goal_words = 2;
		}
	} else {
		return 0;
	}
	char prefix[6 * 25] = "";
	for (int i = 0; i < n - 2 - goal_words; i++) {
		if (i)
			strcat(prefix, "-");
		strcat(prefix, w[i]);
	}
	for (const struct play *const *p = play_all(); *p; p++)
		if (strcmp(prefix, (*p)->words) == 0) {
			*kind = (*p)->kind;
			memcpy(num, w[n - 1], 24);
			return 1;
		}
	return 0;
}

/* "N" or, where half is allowed, "N.5". */
static bool parse_length(const char *s, bool half_ok, long *n, bool *half)
{
	char whole[24];
	size_t k = strcspn(s, ".");
	*half = false;
	if (s[k] == '.') {
		if (!half_ok || strcmp(s + k, ".5") != 0 || k >= sizeof whole)
			return false;
		memcpy(whole, s, k);
		whole[k] = 0;
		*half = true;
		return parse_count(whole, n);
	}
	return parse_count(s, n);
}

/*
** Other stipulations Popeye knows: [prefix][play]goal[N[.5]], proof games,
** studies.  Returns a description ("series play") or NULL.
*/
struct name {
	const char *s, *what;
};

static const struct name prefixes[] = {
    {"ser-", NULL},
    {"pser-", "parry-series play"},
    {"phser-", "parry-series play"},
    {"exact-", NULL},
    {"semi-", "semi-reflex play"},
    {"reci-", "reciprocal play"},
    {"intelli-", "intelligent mode"},
    {NULL, NULL},
};

/* Longest first where one is a prefix of another. */
static const struct name plays[] = {
    {"hs", NULL}, {"hr", NULL}, {"h", NULL}, {"s", NULL}, {"r", NULL}, {"", NULL}, {NULL, NULL},
};

static const struct name goals[] = {
    {"##!", "counter-mate"},
    {"##", "double mate"},
    {"#=", "mate or stalemate"},
    {"==", "double stalemate"},
    {"!=", "auto-stalemate"},
    {"!#", "automate goal"},
    {"#", NULL},
    {"=", "stalemate"},
    {"+", "check"},
    {"x", "capture goal"},
    {"%", "steingewinn"},
    {"ep", "en passant goal"},
    {"00", "castling goal"},
    {"ctr", "circuit-by-rebirth goal"},
    {"ct", "circuit goal"},
    {"<>r", "exchange-by-rebirth goal"},
    {"<>", "exchange goal"},
    {"c81", "chess81 goal"},
    {"k", "kiss goal"},
    {"~", "any move goal"},
    {"z", "target square goal"},
    {NULL, NULL},
};

static const char *match(const struct name *t, const char **s, const struct name **hit)
{
	for (; t->s; t++) {
		size_t n = strlen(t->s);
		if (strncmp(*s, t->s, n) == 0) {
			*s += n;
			*hit = t;
			return t->s;
		}
	}
	return NULL;
}

static const char *popeye_other(const char *text)
{
	char s[64];
	size_t n = 0;
	for (const char *p = text; *p; p++) {
		if (isspace((unsigned char)*p))
			continue;
		if (n + 1 >= sizeof s)
			return NULL;
		s[n++] = (char)tolower((unsigned char)*p);
	}
	s[n] = 0;
	if (strncmp(s, "pg", 2) == 0 || strncmp(s, "dia", 3) == 0 || strncmp(s, "a=>b", 4) == 0)
		return "proof game";
	if (strcmp(s, "seetext") == 0)
		return "non-standard stipulation";
	/* studies: "+", "=", "+ black to move" */
	if (strcmp(s, "+") == 0 || strcmp(s, "=") == 0 || strncmp(s, "+blacktomove", 12) == 0 ||
	    strncmp(s, "=blacktomove", 12) == 0)
		return "study";

	const char *p = s, *what = NULL;
	const struct name *hit;
	bool series = false;
	/* introductory moves: "3->ser-#2" */
	if (isdigit((unsigned char)*p)) {
		const char *q = p;
		while (isdigit((unsigned char)*q))
			q++;
		if (q[0] == '-' && q[1] == '>') {
			p = q + 2;
			what = "introductory play (N->)";
		}
	}
	/* prefixes may stack: "exact-ser-h#5" */
	while (match(prefixes, &p, &hit)) {
		series |= strstr(hit->s, "ser-") != NULL;
		if (!what)
			what = hit->what;
	}
	/* proof games after a prefix or a help play: "ser-dia8", "exact-dia4",
	   "pser-hdia10", "ser-ha=>b2" */
	const char *g = p + (p != s && *p == 'h');
	if (p != s &&
	    (strncmp(g, "dia", 3) == 0 || strncmp(g, "pg", 2) == 0 || strncmp(g, "a=>b", 4) == 0))
		return series ? "series proof game" : "proof game";
	/* reciprocal play with its two goals: "reci-h(=)#3", "ser-reci-h(#)=2" */
	if (what && strchr(p, '(') && isdigit((unsigned char)s[n - 1]))
		return what;
	if (!match(plays, &p, &hit))
		return NULL;
	if (!what)
		what = hit->what;
	/* help-self and help-reflex play in a series ("ser-hs#3"): Popeye's
	   series of helpmoves before a self or reflex end, not maat's
	   series-self and series-reflex play */
	if (!what && series && hit->s[0] == 'h' && hit->s[1])
		what = hit->s[1] == 's' ? "series help-self play" : "series help-reflex play";
	if (!match(goals, &p, &hit))
		return NULL;
	if (!what)
		what = hit->what;
	/* the target square, the kiss square: Popeye's board's, two characters
	   ("zh810": h8, in 10), read by the games' square parser */
	int file, rank;
	char square[3] = {p[0], p[0] ? p[1] : 0, 0};
	if ((hit->s[0] == 'z' || hit->s[0] == 'k') &&
	    square_parse(square, POPEYE_FILES, POPEYE_RANKS, &file, &rank) == 2)
		p += 2;
	if (!isdigit((unsigned char)*p))
		return NULL;
	while (isdigit((unsigned char)*p))
		p++;
	if (p[0] == '.' && p[1] == '5' && !p[2])
		return what ? what : "half-move stipulation";
	if (*p)
		return NULL;
	return what; /* NULL: an ordinary "#N" with a number out of range etc. */
}

int stip_parse(const char *text, struct stipulation *out, char *err, size_t errlen)
{
	char q[4 * QUOTE_MAX + 4], num[24];
	enum stip_kind kind;
	enum stip_target target = TARGET_WIN;
	const char *nump = NULL;
	long n;
	bool half = false;

	memset(out, 0, sizeof *out);
	while (isspace((unsigned char)*text))
		text++;
	size_t len = strlen(text);
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	/* the trimmed text; anything longer than 255 bytes is malformed (read
	   cut short, "win in 2" + 300 blanks + "x" was "win in 2") */
	char t[256];
	snprintf(t, sizeof t, "%.*s", (int)(len < sizeof t ? len : sizeof t - 1), text);
	/* as written, for messages: cut at a character, not inside one */
	size_t keep = strlen(t) < sizeof out->text ? strlen(t) : sizeof out->text - 1;
	while (keep > 0 && keep < strlen(t) && ((unsigned char)t[keep] & 0xC0) == 0x80)
		keep--;
	memcpy(out->text, t, keep);
	out->text[keep] = 0;
	quote(t, q, sizeof q);
	if (len >= sizeof t) {
		snprintf(err, errlen, "malformed stipulation '%s' (longer than %zu bytes)", q,
		         sizeof t - 1);
		return -1;
	}

	if (!t[0]) {
		snprintf(err, errlen, "empty stipulation");
		return -1;
	}
	/* Popeye's "exact-" before either spelling: exactly N moves */
	const char *body = t;
	bool exact = strncasecmp(t, "exact", 5) == 0 && (t[5] == '-' || t[5] == ' ');
	if (exact)
		for (body = t + 6; isspace((unsigned char)*body);)
			body++;
	bool popeye = popeye_form(body, &kind, &target, &nump) != 0;
	int found = 0;
	if (popeye)
		found = parse_length(nump, play_of(kind)->half, &n, &half);
	else if (word_form(body, &kind, &target, num))
		found = parse_length(num, play_of(kind)->half, &n, &half);
	if (found && exact && play_of(kind)->family != FAMILY_LINES) {
		snprintf(err, errlen,
		         "exact stipulation in %s play (%s) is not supported: maat's %s play "
		         "proves a goal within N moves, not in exactly N",
		         play_of(kind)->name, q, play_of(kind)->name);
		return -2;
	}
	if (found) {
		long lo = half ? 0 : 1;
		if (n < lo || n > STIP_MAX_N) {
			snprintf(err, errlen, "N must be from %ld to %d in '%s'", lo, STIP_MAX_N,
			         q);
			return -1;
		}
		/* the text is kept whole or refused: every stipulation maat
		   reads, "exact-series-help-reflex-double-stalemate in 999.5" the
		   longest, fits (it was cut at 31 bytes: "series-help-double-
		   stalemate in 12" became "... in"); malformed text says so first */
		if (len >= sizeof out->text) {
			snprintf(err, errlen, "stipulation '%s' is longer than %zu bytes", q,
			         sizeof out->text - 1);
			return -1;
		}
		out->kind = kind;
		out->target = target;
		out->n = (int)n;
		out->half = half;
		out->popeye = popeye;
		out->exact = exact;
		return 0;
	}
	const char *what = popeye_other(t);
	if (what) {
		snprintf(err, errlen, "%s (%s) is not supported", what, q);
		return -2;
	}
	snprintf(err, errlen, "malformed stipulation '%s'", q);
	return -1;
}

const struct play *stip_play(const struct stipulation *st)
{
	return play_of(st->kind);
}

const char *stip_target_word(enum stip_target target)
{
	static const char *const word[TARGETS] = {"win",         "stalemate", "double-stalemate",
	                                          "check",       "capture",   "win-or-stalemate",
	                                          "any-move",    "castling",  "double-mate",
	                                          "counter-mate"};
	return target >= 0 && target < TARGETS ? word[target] : "win";
}

bool stip_solver_starts(const struct stipulation *st)
{
	const struct play *pl = stip_play(st);
	return pl->solver_first != (pl->half && st->half);
}

bool stip_dots_first(const struct stipulation *st)
{
	return stip_play(st)->half && st->half;
}

int stip_usual_first(const struct stipulation *st)
{
	return stip_solver_starts(st) ? 0 : 1;
}

bool stip_fixes_side(const struct stipulation *st)
{
	return st->popeye && !stip_play(st)->any_side;
}

int stip_first_mover(const struct stipulation *st, int named, const char *const side_name[2],
                     char *err, size_t errlen)
{
	int fixed = stip_usual_first(st);
	if (named < 0)
		return fixed;
	if (stip_fixes_side(st) && named != fixed) {
		snprintf(err, errlen,
		         "in %s %s moves first (Popeye's convention: %s is the %s side), but the "
		         "position has %s to move",
		         st->text, side_name[fixed], side_name[0], stip_play(st)->role,
		         side_name[named]);
		return -1;
	}
	return named;
}

bool stip_set_play(const struct stipulation *st, struct stipulation *out)
{
	const struct play *pl = stip_play(st);
	*out = *st;
	if (!pl->set)
		return false;
	out->kind = pl->set->kind;
	if (pl->set_length == SET_WINNING_MOVE) {
		/* the winning side's move at once: half a move */
		out->n = 0;
		out->half = true;
		return true;
	}
	if (st->half) {
		out->half = false;
	} else {
		if (st->n < 1)
			return false;
		out->n = st->n - 1;
		out->half = true;
	}
	/* at least one move before the end, as Popeye has it ("SetPlay not
	   applicable" in h#0.5, hs#1, hr#1): h#0.5 is one, hr#0.5 none */
	return out->n > 0 || (out->half && !plan_forced_end(pl->set->plan));
}

bool stip_white_to_play(struct stipulation *st)
{
	struct stipulation out;
	const struct play *pl = stip_play(st);
	if (!pl->white_to_play || st->half || !stip_set_play(st, &out))
		return false;
	/* the length is the text's last number: "h#3", "help-win in 3" */
	size_t end = strlen(st->text), start = end;
	while (start > 0 && isdigit((unsigned char)st->text[start - 1]))
		start--;
	if (start == end) /* cut short: the canonical spelling */
		stip_spell(&out, out.text, sizeof out.text);
	else
		snprintf(out.text + start, sizeof out.text - start, "%d.5", out.n);
	*st = out;
	return true;
}

void stip_spell(const struct stipulation *st, char *buf, size_t len)
{
	const struct play *pl = stip_play(st);
	const char *half = st->half ? ".5" : "";
	const char *exact = st->exact ? "exact-" : "";
	if (st->popeye)
		snprintf(buf, len, "%s%s%s%d%s", exact, pl->popeye, stip_target_sign(st->target),
		         st->n, half);
	else
		snprintf(buf, len, "%s%s%s%s in %d%s", exact, pl->words, pl->words[0] ? "-" : "",
		         stip_target_word(st->target), st->n, half);
}
