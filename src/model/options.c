/*
** options.c -- Popeye's options: the table of what maat does with each,
** their arguments read and checked, and written back from the values.
**
** The meanings are Popeye 4.104's (py-engl.txt, input/plaintext/option.c,
** solving/machinery/solvers.c): an option that changes what is solved is
** applied (EnPassant, NoCastling, WhiteToPlay, Duplex, HalfDuplex) or makes
** the problem unsupported, never ignored.  Options that only change what
** Popeye prints or how far it searches leave the problem as it is: maat
** solves it in full.
*/
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "model/options.h"
#include "play/play.h"
#include "play/stip.h"

#define OPT(args, changes, use, text)                                                              \
	{                                                                                          \
		args, changes, use, text                                                           \
	}

static const struct option_info table[PO_COUNT] = {
    [PO_DEFENCE] =
        OPT(OPTARG_NUMBER, false, OPTUSE_ANALYSIS, "tries refuted by at most N defences"),
    [PO_SETPLAY] = OPT(OPTARG_NONE, false, OPTUSE_ANALYSIS, "set play"),
    [PO_WHITE_TO_PLAY] =
        OPT(OPTARG_NONE, true, OPTUSE_POSITION, "White starts help play: h#3 is h#2.5"),
    [PO_VARIATION] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "threats and variations printed"),
    [PO_MOVE_NUMBERS] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "first moves counted as tried"),
    [PO_START_MOVE_NUMBER] =
        OPT(OPTARG_MOVE_NUMBER, false, OPTUSE_OUTPUT, "the search resumed at a first move"),
    [PO_NO_WK] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "White has no king"),
    [PO_DUPLEX] = OPT(OPTARG_NONE, true, OPTUSE_DUPLEX, "the stipulation for both sides"),
    [PO_NO_BK] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "Black has no king"),
    [PO_THREAT] = OPT(OPTARG_NUMBER, false, OPTUSE_OUTPUT,
                      "a search limit: defences after which no threat of N moves is left "
                      "end the search of a key"),
    [PO_NO_THREAT] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "variations without threats"),
    [PO_TRY] = OPT(OPTARG_NONE, false, OPTUSE_ANALYSIS, "tries (Defence 1)"),
    [PO_MAX_SOLUTIONS] =
        OPT(OPTARG_NUMBER, false, OPTUSE_OUTPUT, "a search limit: stop after N solutions"),
    [PO_MAX_FLIGHTSQUARES] =
        OPT(OPTARG_NUMBER, true, OPTUSE_UNSUPPORTED, "a defence giving N flights refutes"),
    [PO_SEARCH] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "no effect in Popeye 4.104"),
    [PO_MULTI_SOLUTIONS] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "no effect in Popeye 4.104"),
    [PO_NO_SYMMETRY] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "no effect in Popeye 4.104"),
    [PO_NON_TRIVIAL] = OPT(OPTARG_TWO_NUMBERS, true, OPTUSE_UNSUPPORTED,
                           "moves met by a short self-mate are trivial"),
    [PO_KEEP_MATING_PIECE] =
        OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "play ends when no piece can mate"),
    [PO_EN_PASSANT] =
        OPT(OPTARG_SQUARES, true, OPTUSE_POSITION, "the last move was a pawn's double step"),
    [PO_NO_BOARD] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "no diagram printed"),
    [PO_NO_SHORT_VARIATIONS] =
        OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "short variations not printed"),
    [PO_HALF_DUPLEX] = OPT(OPTARG_NONE, true, OPTUSE_DUPLEX, "the stipulation for the other side"),
    /* Popeye: "The position entered is considered to be the position after
       the key": the other side moves first, the play is half a move
       shorter (#2 is #1.5) -- another problem (issue 23, item 7) */
    [PO_POST_KEY_PLAY] =
        OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "the diagram is the position after the key"),
    [PO_INTELLIGENT] = OPT(OPTARG_OPT_NUMBER, false, OPTUSE_OUTPUT,
                           "Popeye's way of solving help play (N: a search limit)"),
    [PO_MAX_TIME] =
        OPT(OPTARG_NUMBER, false, OPTUSE_OUTPUT, "a search limit: stop after N seconds"),
    [PO_NO_CASTLING] = OPT(OPTARG_SQUARES, true, OPTUSE_POSITION, "castling rights lost"),
    [PO_QUODLIBET] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "direct mates solve s# and r# too"),
    [PO_STOP_ON_SHORT] = OPT(OPTARG_NONE, false, OPTUSE_ANALYSIS,
                             "help and series play stop at the shortest solutions"),
    [PO_BEEP] = OPT(OPTARG_OPT_NUMBER, false, OPTUSE_OUTPUT, "a beep per solution"),
    [PO_SUPPRESS_GRID] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "Grid chess output"),
    [PO_WRITE_GRID] = OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "Grid chess output"),
    [PO_CASTLING_EXCLUSIVE] =
        OPT(OPTARG_TWO_SQUARES, true, OPTUSE_UNSUPPORTED, "two castlings exclude each other"),
    [PO_GOAL_IS_END] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED,
                           "play ends when the wrong side reaches the goal"),
    [PO_UNPUBLISHED] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "not documented"),
    [PO_NULL_MOVES] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "null moves allowed"),
    [PO_UP_TO_MOVE_NUMBER] =
        OPT(OPTARG_MOVE_NUMBER, false, OPTUSE_OUTPUT, "the search stopped at a first move"),
    [PO_TRIVIAL_TRIES_AVOID] =
        OPT(OPTARG_NONE, false, OPTUSE_OUTPUT, "tries giving check not printed"),
    [PO_MATES_IN_1] = OPT(OPTARG_NONE, true, OPTUSE_UNSUPPORTED, "self play's mates in 1 kept"),
};

const struct option_info *option_info(enum popeye_option o)
{
	return &table[o >= 0 && o < PO_COUNT ? o : PO_DEFENCE];
}

const char *option_name(enum popeye_option id)
{
	return popeye_lang(POPEYE_ENGLISH)->option[id];
}

void option_start(struct puzzle_option *o, enum popeye_option id)
{
	memset(o, 0, sizeof *o);
	o->id = id;
}

int option_max_words(enum popeye_option id)
{
	switch (table[id].args) {
	case OPTARG_NONE:
		return 0;
	case OPTARG_TWO_NUMBERS:
		return 2;
	default:
		return 1;
	}
}

bool option_words_optional(enum popeye_option id)
{
	return table[id].args == OPTARG_OPT_NUMBER;
}

const char *option_wants(enum popeye_option id)
{
	switch (table[id].args) {
	case OPTARG_SQUARES:
		return "squares (as 'a1h1')";
	case OPTARG_TWO_SQUARES:
		return "two squares (as 'a1h8')";
	case OPTARG_MOVE_NUMBER:
		return "a move number (as '12' or '12:3')";
	case OPTARG_TWO_NUMBERS:
		return "two numbers";
	case OPTARG_NONE:
		return "nothing";
	default:
		return "a number";
	}
}

/* A number as Popeye's strtoul reads it, but whole: digits only, at most
   UINT_MAX; *end past it. */
static bool read_number(const char *s, unsigned long *v, const char **end)
{
	unsigned long n = 0;
	const char *p = s;
	for (; isdigit((unsigned char)*p); p++) {
		n = n * 10 + (unsigned long)(*p - '0');
		if (n > UINT_MAX)
			return false;
	}
	if (p == s)
		return false;
	*v = n;
	*end = p;
	return true;
}

/* Squares one after another ("d7d6d5"), at most `max`, at least one. */
static bool read_squares(struct puzzle_option *o, const char *s, int max)
{
	struct puzzle_option t = *o;
	if (!*s)
		return false;
	while (*s) {
		int f = tolower((unsigned char)s[0]) - 'a', r = s[1] - '1';
		if (f < 0 || f > 7 || r < 0 || r > 7 || t.nsq == max)
			return false;
		t.sq[t.nsq][0] = (unsigned char)f;
		t.sq[t.nsq][1] = (unsigned char)r;
		t.nsq++;
		s += 2;
	}
	*o = t;
	return true;
}

bool option_take(struct puzzle_option *o, int k, const char *word)
{
	const struct option_info *in = &table[o->id];
	const char *end;
	unsigned long v;
	switch (in->args) {
	case OPTARG_NONE:
		return false;
	case OPTARG_NUMBER:
	case OPTARG_OPT_NUMBER:
	case OPTARG_TWO_NUMBERS:
		if (k >= (in->args == OPTARG_TWO_NUMBERS ? 2 : 1) || o->nnum != k ||
		    !read_number(word, &v, &end) || *end)
			return false;
		/* Popeye: MaxTime 0 is no time */
		if (o->id == PO_MAX_TIME && v == 0)
			return false;
		o->num[o->nnum++] = v;
		return true;
	case OPTARG_MOVE_NUMBER: {
		if (k != 0 || o->nnum)
			return false;
		struct puzzle_option t = *o;
		for (;;) {
			if (t.nnum == OPTION_MAX_NUMBERS || !read_number(word, &v, &end))
				return false;
			t.num[t.nnum++] = v;
			if (!*end)
				break;
			if (*end != ':')
				return false;
			word = end + 1;
		}
		*o = t;
		return true;
	}
	case OPTARG_SQUARES:
		return k == 0 && o->nsq == 0 && read_squares(o, word, OPTION_MAX_SQUARES);
	case OPTARG_TWO_SQUARES:
		return k == 0 && o->nsq == 0 && strlen(word) == 4 && read_squares(o, word, 2);
	}
	return false;
}

/* The option whose English word (in full, or as Popeye abbreviates it) or
   French "Defense" (YACPDB has both) the word is; -1 none, -2 ambiguous. */
static int option_word(const char *w)
{
	if (!strcasecmp(w, "Defense"))
		return PO_DEFENCE;
	return popeye_match(popeye_lang(POPEYE_ENGLISH)->option, PO_COUNT, w);
}

int option_read(const char *text, struct puzzle_option *o, size_t *at, char *msg, size_t len)
{
	const char *s = text;
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strcspn(s, " \t\r\n");
	char word[64];
	*at = (size_t)(s - text);
	if (n == 0 || n >= sizeof word)
		return OPTION_NONE;
	memcpy(word, s, n);
	word[n] = 0;
	int id = option_word(word);
	if (id == -2) {
		snprintf(msg, len, "ambiguous option");
		return OPTION_BAD;
	}
	if (id < 0)
		return OPTION_NONE;
	option_start(o, (enum popeye_option)id);
	const struct option_info *in = &table[id];
	s += n;
	/* the words after it: EnPassant's squares may stand apart
	   ("EnPassant f7 f6 f5", as Olive writes them) */
	char squares[2 * OPTION_MAX_SQUARES + 1] = "";
	int k = 0;
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		size_t m = strcspn(s, " \t\r\n");
		char arg[64];
		*at = (size_t)(s - text);
		bool fits = m < sizeof arg;
		if (fits) {
			memcpy(arg, s, m);
			arg[m] = 0;
		}
		bool ok;
		if (in->args == OPTARG_SQUARES) {
			ok = fits && strlen(squares) + m < sizeof squares;
			if (ok) {
				strcat(squares, arg);
				struct puzzle_option t;
				option_start(&t, o->id);
				ok = read_squares(&t, arg, OPTION_MAX_SQUARES);
			}
		} else {
			ok = fits && option_take(o, k, arg);
		}
		if (!ok) {
			if (in->args == OPTARG_NONE ||
			    (in->args != OPTARG_SQUARES && k >= option_max_words(o->id)))
				snprintf(msg, len, "%s takes %s", option_name(o->id),
				         in->args == OPTARG_NONE ? "no argument" : "no more");
			else
				snprintf(msg, len, "%s needs %s", option_name(o->id),
				         option_wants(o->id));
			return OPTION_BAD;
		}
		s += m;
		k++;
	}
	if (in->args == OPTARG_SQUARES && squares[0] &&
	    !read_squares(o, squares, OPTION_MAX_SQUARES)) {
		snprintf(msg, len, "%s: at most %d squares", option_name(o->id),
		         OPTION_MAX_SQUARES);
		return OPTION_BAD;
	}
	bool complete =
	    in->args == OPTARG_NONE || in->args == OPTARG_OPT_NUMBER ||
	    (in->args == OPTARG_TWO_NUMBERS                                 ? o->nnum == 2
	     : in->args == OPTARG_SQUARES || in->args == OPTARG_TWO_SQUARES ? o->nsq > 0
	                                                                    : o->nnum > 0);
	if (!complete) {
		*at = (size_t)(s - text);
		snprintf(msg, len, "%s needs %s", option_name(o->id), option_wants(o->id));
		return OPTION_BAD;
	}
	return OPTION_OK;
}

void option_format(const struct puzzle_option *o, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "%s", option_name(o->id));
	const struct option_info *in = &table[o->id];
	for (int i = 0; i < o->nnum && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n,
		                      in->args == OPTARG_MOVE_NUMBER && i ? ":%lu" : " %lu",
		                      o->num[i]);
	for (int i = 0; i < o->nsq && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%c%c", i ? "" : " ", 'a' + o->sq[i][0],
		                      '1' + o->sq[i][1]);
}

const struct puzzle_option *option_find(const struct puzzle_option *v, int n, enum popeye_option id)
{
	for (int i = 0; i < n; i++)
		if (v[i].id == id)
			return &v[i];
	return NULL;
}

const char *option_not_applicable(const struct puzzle_option *o, const struct stipulation *st)
{
	struct stipulation set;
	const struct play *pl = stip_play(st);
	/* line play as Popeye says it (output/popeye.c prints its words) */
	if (o->id == PO_SETPLAY && pl && pl->family == FAMILY_LINES && !stip_set_play(st, &set))
		return "option SetPlay ignored: the play has no set play (Popeye: not applicable)";
	return NULL;
}
