/*
** fuzz_stip.c -- the stipulation parser: whatever the text, stip_parse()
** answers 0 with a play of the table, N in 1..STIP_MAX_N (0.5 and up in
** the plays that have half moves: help, help-self) and a target of the
** enum whose sign the text holds (Popeye's "#", "=", "==", "+", "x";
** "win", "stalemate", "double", "check", "capture" in the words), -1 (malformed) or -2 (a Popeye
*form maat does
** not solve) with one line of explanation.
*/

#include <strings.h>

#include "fuzz.h"
#include "model/puzzle.h"
#include "play/play.h"

/* Does s hold word, in any case? */
static bool has_word(const char *s, const char *word)
{
	size_t n = strlen(word);
	for (; *s; s++)
		if (strncasecmp(s, word, n) == 0)
			return true;
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstring(data, size);
	struct stipulation st;
	char err[256];

	memset(err, 'x', sizeof err);
	int r = stip_parse(text, &st, err, sizeof err);
	if (strnlen(st.text, sizeof st.text) == sizeof st.text)
		FUZZ_FAIL("stipulation text not terminated");
	if (r == 0) {
		if (st.n < (st.half ? 0 : 1) || st.n > STIP_MAX_N) /* h#0.5: one move */
			FUZZ_FAIL("'%s' accepted with N = %d", text, st.n);
		if ((int)st.kind < 0 || st.kind >= STIP_KINDS)
			FUZZ_FAIL("'%s' accepted with kind %d", text, (int)st.kind);
		if (st.half && !play_of(st.kind)->half) /* help, help-self */
			FUZZ_FAIL("'%s' accepted as N.5 of kind %d", text, (int)st.kind);
		if ((int)st.target < 0 || st.target >= TARGETS)
			FUZZ_FAIL("'%s' accepted with target %d", text, (int)st.target);
		/* a word each goal's spelling holds ("win-or-stalemate", "any-move",
		   "castling in N": stip.c's word_form); every target has one */
		static const char *const word[] = {"win",     "stalemate", "double", "check",
		                                   "capture", "stalemate", "move",   "castling",
		                                   "mate",    "mate"};
		_Static_assert(sizeof word / sizeof *word == TARGETS, "a word for every target");
		const char *sign = stip_target_sign(st.target);
		bool dbl = strstr(st.text, "==") != NULL;
		if (st.popeye &&
		    (!has_word(st.text, sign) || dbl != (st.target == TARGET_DOUBLE_STALEMATE)))
			FUZZ_FAIL("'%s' accepted with target %s", text, sign);
		if (!st.popeye && !has_word(text, word[st.target]))
			FUZZ_FAIL("'%s' accepted with the goal '%s'", text, word[st.target]);
	} else if (r == -1 || r == -2) {
		fuzz_one_line("stip_parse", err, sizeof err);
	} else {
		FUZZ_FAIL("stip_parse returned %d", r);
	}
	/* a small error buffer truncates */
	char small[4];
	stip_parse(text, &st, small, sizeof small);
	free(text);
	return 0;
}
