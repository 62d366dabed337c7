/*
** write.c -- a composed problem written out: a YAML document (a YACPDB
** entry for chess) or one JSON line (see compose.h).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose/compose.h"
#include "compose/place.h"
#include "base/json.h"
#include "base/textsafe.h"
#include "output/puzzle_write.h"
#include "play/play.h"

#define SCORE_TEXT 1024

/* "maat score 12 = economy +2 (6 men: miniature), ..." (score.h) */
static void score_comment(const struct composed *c, char *buf, size_t len)
{
	char text[SCORE_TEXT - 16];
	compose_score_text(&c->score, text, sizeof text);
	snprintf(buf, len, "maat score %s", text);
}

/* Chess as a YACPDB entry (no maat-only field: YACPDB's schema), the
   problem's name and the command that found it as comments. */
static void write_yacpdb(FILE *f, const struct compose_opts *o, const struct composed *c,
                         const char *command)
{
	static const struct puzzle blank;
	struct puzzle p = blank;
	p.game = o->g;
	memcpy(p.pos, c->pos, sizeof p.pos);
	p.has_position = true;
	p.stip = o->stip;
	p.has_stip = true;
	p.title = (char *)c->title;
	p.solution = c->solution;
	/* the credit the other games get as their source (compose_write_yaml):
	   YACPDB's source needs a date, so it goes out as a comment, written
	   here: as p.source, yacpdb_write read a candidate of four digits
	   ("s1-c2872") as the year of a source field */
	char credit[80];
	snprintf(credit, sizeof credit, "Source: maat compose, s%llu-c%llu",
	         (unsigned long long)o->seed, (unsigned long long)c->index);
	char intended[16];
	snprintf(intended, sizeof intended, "%d", o->solutions);
	if (o->solutions > 1 && play_of(o->stip.kind)->family == FAMILY_LINES)
		p.intended = intended;
	p.keywords = (char **)c->keywords;
	p.nkeywords = c->nkeywords;
	char found[64], score[SCORE_TEXT];
	snprintf(found, sizeof found, "maat compose, seed %llu, candidate %llu",
	         (unsigned long long)o->seed, (unsigned long long)c->index);
	score_comment(c, score, sizeof score);
	/* the command whole (an --avoid-titles path may be long); without
	   its candidate number only when out of memory */
	char *cmd = command
	                ? text_aprintf("%s (candidate %llu)", command, (unsigned long long)c->index)
	                : NULL;
	const char *comments[4] = {found, score, credit, cmd ? cmd : command};
	yacpdb_write(f, &p, comments, command ? 4 : 3);
	free(cmd);
}

void compose_write_yaml(FILE *f, const struct compose_opts *o, const struct composed *c,
                        const char *command)
{
	const struct game *g = o->g;
	/* YACPDB's game (orthodox chess): the one its entries hold */
	if (g == game_default()) {
		write_yacpdb(f, o, c, command);
		return;
	}
	fputs("---\n", f);
	fprintf(f, "game: %s\n", g->id);
	fputs("title: ", f);
	yaml_write_quoted(f, c->title);
	fputc('\n', f);
	fprintf(f, "source: {name: \"maat compose\", problemid: \"s%llu-c%llu\"}\n",
	        (unsigned long long)o->seed, (unsigned long long)c->index);
	char score[SCORE_TEXT];
	score_comment(c, score, sizeof score);
	fputs("comments:\n  - ", f);
	yaml_write_quoted(f, score);
	fputc('\n', f);
	if (command) {
		fputs("  - ", f);
		char *cmd =
		    text_aprintf("%s (candidate %llu)", command, (unsigned long long)c->index);
		yaml_write_quoted(f, cmd ? cmd : command); /* whole, as in write_yacpdb */
		fputc('\n', f);
		free(cmd);
	}
	if (g->notation & SETUP_RETRO) {
		char fen[128];
		g->format(c->pos, fen, sizeof fen);
		fprintf(f, "fen: \"%s\"\n", fen);
	} else {
		yaml_write_board(f, g, c->pos);
	}
	fputs("stipulation: ", f);
	yaml_write_quoted(f, o->stip.text);
	fputc('\n', f);
	if (o->solutions > 1 && compose_lines_play(o))
		fprintf(f, "intended-solutions: %d\n", o->solutions);
	fputs("solution: |\n", f);
	const char *s = c->solution ? c->solution : "";
	while (*s) {
		size_t n = strcspn(s, "\n");
		fprintf(f, "  %.*s\n", (int)n, s);
		s += n + (s[n] == '\n');
	}
	fputs("keywords: [", f);
	for (int k = 0; k < c->nkeywords; k++)
		fprintf(f, "%s%s", k ? ", " : "", c->keywords[k]);
	fputs("]\n", f);
}

void compose_write_json(FILE *f, const struct compose_opts *o, const struct composed *c,
                        const char *command)
{
	const struct game *g = o->g;
	char fen[256];
	g->format(c->pos, fen, sizeof fen);
	fputs("{\"game\":", f);
	json_string(f, g->id);
	fputs(",\"stipulation\":", f);
	json_string(f, o->stip.text);
	fputs(",\"title\":", f);
	json_string(f, c->title);
	fprintf(f, ",\"seed\":%llu,\"candidate\":%llu,\"position\":", (unsigned long long)o->seed,
	        (unsigned long long)c->index);
	json_string(f, fen);
	fputs(",\"key\":", f);
	json_string(f, c->key);
	fputs(",\"solution\":", f);
	json_string(f, c->solution ? c->solution : "");
	fputs(",\"keywords\":[", f);
	for (int k = 0; k < c->nkeywords; k++) {
		if (k)
			fputc(',', f);
		json_string(f, c->keywords[k]);
	}
	fputs("],\"score\":", f);
	compose_score_json(f, &c->score);
	if (command) {
		char *cmd =
		    text_aprintf("%s (candidate %llu)", command, (unsigned long long)c->index);
		fputs(",\"command\":", f);
		json_string(f, cmd ? cmd : command); /* whole, as in write_yacpdb */
		free(cmd);
	}
	fputs("}\n", f);
}
