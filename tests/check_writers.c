/*
** check_writers.c -- what the writers print of a solution: every move and
** mark Popeye prints, in maat's text (issue 24 part 3), and Popeye's text
** itself, byte for byte, in --format popeye.
**
** tests/data/popeye/trees.inp holds #3 to #5 problems of Popeye's own
** examples (BEISPIEL/castling.inp, BEISPIEL/sting.inp) and maat's
** puzzles/chess (Loyd's Charles XII and its twins, Excelsior, ...), each
** with Option Variation Try; trees.out is Popeye 4.103's output for them
** (py -regression trees.inp).  Both texts are cut into their lines of play
** by the claim lexer's tokens and the move numbers (as the claim reader
** follows a line: "N." the solving side's Nth move, "N..." the defence to
** it, a bare move the next ply, "threat:" and set play after a pass,
** "(dual: ...)" a group after which the line is as before): the same
** lines, each move with the same marks (check, mate, key, try,
** refutation), the same "zugzwang." after the same moves, the same number
** of "ep." -- nothing Popeye prints left out, nothing added.  The JSON
** writer's tree, written out as such a text (json_text), is held to the
** same: its "zugzwang" flag where Popeye prints "zugzwang.", its covered
** defences left out as Popeye leaves them.
*/
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claim/lex.h"
#include "input/load.h"
#include "judge/judge.h"
#include "output/magazine.h"
#include "output/solution_json.h"
#include "output/solution_text.h"
#include "play/stip.h"
#include "output/writer.h"
#include "minijson.h"
#include "popeye_output.h"

/* A ser-h#60 whose 61 moves each have a text as long as maat's own may
   be: a line of about 2,700 bytes (issue 21 part 5: the writers cut a line
   at 2,048 bytes, and a ser-h#60's 60 moves of "Qa1xb2=Q+"-long texts
   need more). */
enum { LONG_PLIES = 61 };
struct long_line {
	struct move_note moves[LONG_PLIES];
	struct solution_line line;
	struct analysis a;
};

static void long_line(struct long_line *l)
{
	struct stipulation st;
	char err[256];
	ck_assert_int_eq(stip_parse("ser-h#60", &st, err, sizeof err), 0);
	memset(l, 0, sizeof *l);
	for (int i = 0; i < LONG_PLIES; i++) {
		memset(l->moves[i].text, 'a' + i % 26, sizeof l->moves[i].text - 1);
		snprintf(l->moves[i].canon, sizeof l->moves[i].canon, "m%d", i);
	}
	l->line = (struct solution_line){LONG_PLIES, 0};
	l->a.stip = st;
	l->a.play = play_of(st.kind);
	ck_assert_ptr_nonnull(l->a.play);
	l->a.set_node = -1;
	l->a.solutions = (struct line_set){
	    .count = 1, .stored = 1, .lines = &l->line, .moves = l->moves, .nmoves = LONG_PLIES};
}

/* The line's last move and what follows it in the output (`after`), and
   every move's text, in out: the line whole. */
static void assert_line_whole(const struct long_line *l, const char *out, size_t len,
                              const char *after)
{
	char last[64];
	snprintf(last, sizeof last, " %s%s", l->moves[LONG_PLIES - 1].text, after);
	ck_assert_msg(strstr(out, last) != NULL, "the line is cut: %.200s...", out);
	ck_assert_msg(len > (size_t)LONG_PLIES * (sizeof l->moves[0].text - 1), "%zu bytes", len);
	for (int i = 0; i < LONG_PLIES; i++)
		ck_assert_msg(strstr(out, l->moves[i].text) != NULL, "move %d missing", i + 1);
}

/* A line of help or series play in JSON whole, however long (S7: every
   line of the play). */
START_TEST(test_S7_json_line_text_whole)
{
	static struct long_line l;
	long_line(&l);
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	solution_json_lines(f, &l.a);
	fclose(f);
	assert_line_whole(&l, out, len, "\"]");
	free(out);
}
END_TEST

/* The same line in the text writer's solution (S7), whole. */
START_TEST(test_S7_text_line_whole)
{
	static struct long_line l;
	long_line(&l);
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	text_solution(f, &l.a);
	fclose(f);
	assert_line_whole(&l, out, len, "\n");
	free(out);
}
END_TEST

/* The same line as magazines print it (solve --format magazine, the
   booklets' solutions; S7), whole. */
START_TEST(test_S7_magazine_line_whole)
{
	static struct long_line l;
	long_line(&l);
	static struct puzzle p;
	static struct judgement r;
	memset(&p, 0, sizeof p);
	memset(&r, 0, sizeof r);
	r.twin = -1;
	r.analysed = true;
	r.an = l.a;
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	struct magazine_opts mo = {.tries = false};
	magazine_solution(f, &p, &r, &mo);
	fclose(f);
	assert_line_whole(&l, out, len, "\n");
	free(out);
}
END_TEST

Suite *writers_suite(void);

#define MAX_PLY 64
#define MAX_PARTS 8

/* The lines of play of one text: every node, as the path from the first
   move to it, one string each ("Rg7xg3! | (pass) | Rg3-h3+"). */
struct paths {
	char **p;
	int n, cap;
	int ep; /* "ep." signs */
};

static void add_path(struct paths *ps, const char *s)
{
	if (ps->n == ps->cap) {
		ps->cap = ps->cap ? 2 * ps->cap : 64;
		ps->p = realloc(ps->p, (size_t)ps->cap * sizeof *ps->p);
		ck_assert_ptr_nonnull(ps->p);
	}
	ps->p[ps->n++] = strdup(s);
}

static void free_paths(struct paths *ps)
{
	for (int i = 0; i < ps->n; i++)
		free(ps->p[i]);
	free(ps->p);
	memset(ps, 0, sizeof *ps);
}

/* A move token as one notation: Popeye's '*' is maat's 'x'; the marks. */
static void label(const struct ctok *t, char *out, size_t len)
{
	size_t o = 0;
	for (const char *c = t->text; *c && o + 1 < len; c++)
		out[o++] = *c == '*' ? 'x' : *c;
	out[o] = 0;
	snprintf(out + o, len - o, "%s%s%s%s", t->marks & CM_CHECK ? "+" : "",
	         t->marks & CM_MATE ? "#" : "", t->marks & CM_KEY ? "!" : "",
	         t->marks & CM_TRY ? "?" : "");
}

/* A node (line[0..plies-1], token indices, -1 a pass), with `extra` after. */
static void node(struct paths *ps, const struct claim_text *ct, const int *line, int plies,
                 const char *extra)
{
	char buf[4096] = "", one[64];
	for (int i = 0; i < plies; i++) {
		if (line[i] < 0)
			snprintf(one, sizeof one, "(pass)");
		else
			label(&ct->t[line[i]], one, sizeof one);
		strncat(buf, i ? " | " : "", sizeof buf - strlen(buf) - 1);
		strncat(buf, one, sizeof buf - strlen(buf) - 1);
	}
	strncat(buf, extra, sizeof buf - strlen(buf) - 1);
	add_path(ps, buf);
}

/*
** Cut text into its parts (twins: "a)", "+b)") and each part into its
** nodes, in parts[]; their number.  Nodes are written once the text is
** read, so that marks standing apart ("Qa7-a1 + ?") are the move's.
*/
static int text_paths(const char *text, struct paths *parts, const char *what)
{
	struct claim_text ct;
	ck_assert_int_eq(claim_lex(text, &ct), 0);
	int nparts = 1, part = 0;
	/* the nodes as token paths first, their labels at the end */
	struct rec {
		int part, plies, line[MAX_PLY];
		bool zugzwang;
	} *recs = NULL;
	int nrecs = 0, cap = 0;
	int line[MAX_PLY], len = 0, last = -1;
	int saved[8][MAX_PLY + 1], nsaved = 0; /* groups: "(dual: ...)" */
	int pending = -1;                      /* the ply a move number gives */
	int part_line = 0;                     /* the line of the last twin label */
	bool alt = false;                      /* a ',' list: the same ply as the last */
	for (int i = 0; i < ct.n; i++) {
		const struct ctok *t = &ct.t[i];
		if (t->line == part_line && t->kind != CT_PART)
			continue;
		switch (t->kind) {
		case CT_PART:
			if (nrecs || len) {
				part++;
				nparts++;
			}
			ck_assert_int_lt(part, MAX_PARTS);
			len = 0, last = -1, pending = -1, nsaved = 0;
			part_line = t->line; /* "b) -wSe1  #4": the twinning, no play */
			break;
		case CT_NUMBER:
			pending = t->dots == 1 ? 2 * (t->num - 1) : 2 * t->num - 1;
			alt = false;
			break;
		case CT_SLASH:
			alt = true;
			break;
		case CT_OPEN:
			ck_assert_int_lt(nsaved, 8);
			memcpy(saved[nsaved], line, sizeof line);
			saved[nsaved++][MAX_PLY] = len;
			break;
		case CT_CLOSE:
			if (nsaved) {
				nsaved--;
				memcpy(line, saved[nsaved], sizeof line);
				len = saved[nsaved][MAX_PLY];
				last = len - 1;
			}
			break;
		case CT_ZUGZWANG:
			ck_assert_msg(len > 0, "%s: zugzwang before any move", what);
			if (nrecs == cap) {
				cap = cap ? 2 * cap : 256;
				recs = realloc(recs, (size_t)cap * sizeof *recs);
			}
			recs[nrecs] = (struct rec){.part = part, .plies = len, .zugzwang = true};
			memcpy(recs[nrecs].line, line, sizeof line);
			nrecs++;
			break;
		case CT_MOVE: {
			int p = pending >= 0 ? pending : alt && last >= 0 ? last : len;
			pending = -1;
			alt = false;
			/* a threat, set play: the other side passed before it */
			if (p == len + 1)
				line[len++] = -1;
			ck_assert_msg(p <= len && p < MAX_PLY, "%s: '%s' at ply %d after %d plies",
			              what, t->text, p, len);
			line[p] = i;
			len = p + 1;
			last = p;
			if (nrecs == cap) {
				cap = cap ? 2 * cap : 256;
				recs = realloc(recs, (size_t)cap * sizeof *recs);
			}
			recs[nrecs] = (struct rec){.part = part, .plies = len};
			memcpy(recs[nrecs].line, line, sizeof line);
			nrecs++;
			break;
		}
		default:
			break;
		}
	}
	for (int r = 0; r < nrecs; r++)
		node(&parts[recs[r].part], &ct, recs[r].line, recs[r].plies,
		     recs[r].zugzwang ? " zugzwang." : "");
	for (const char *s = text; (s = strstr(s, "ep.")); s += 3)
		parts[0].ep++;
	free(recs);
	claim_text_free(&ct);
	return nparts;
}

static int by_string(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The nodes of a and b, sorted, are the same; else the first difference. */
static void same_paths(struct paths *a, struct paths *b, const char *what, const char *atext,
                       const char *btext)
{
	qsort(a->p, (size_t)a->n, sizeof *a->p, by_string);
	qsort(b->p, (size_t)b->n, sizeof *b->p, by_string);
	int i = 0, j = 0;
	while (i < a->n && j < b->n && !strcmp(a->p[i], b->p[j]))
		i++, j++;
	if (i < a->n || j < b->n)
		fprintf(stderr, "%s:\n--- Popeye\n%s--- maat\n%s", what, atext, btext);
	ck_assert_msg(i == a->n && j == b->n, "%s: Popeye prints '%.300s', maat '%.300s'", what,
	              i < a->n ? a->p[i] : "(nothing more)", j < b->n ? b->p[j] : "(nothing more)");
	ck_assert_int_eq(a->ep, b->ep);
}

/* A flag of a JSON node ("covered":true). */
static bool json_flag(const struct mj *n, const char *name)
{
	const struct mj *v = mj_get(n, name);
	return v && v->type == MJ_BOOL && v->num != 0;
}

/* A solving-side node of the JSON writer's tree as text the claim lexer
   reads: each move on its own line after its number, the marks of its
   text, " zugzwang." where the node says so, mark after it ("!" the key,
   "?" a try); the defences Popeye prints (not covered ones), a refutation
   after "but" with its "!". */
static void json_node_text(FILE *f, const struct mj *n, int movenum, const char *mark)
{
	const struct mj *text = mj_get(n, "text");
	ck_assert_ptr_nonnull(text);
	fprintf(f, "%d.%s%s%s\n", movenum, text->str, mark,
	        json_flag(n, "zugzwang") ? " zugzwang." : "");
	const struct mj *threats = mj_get(n, "threats"), *defences = mj_get(n, "defences");
	ck_assert_ptr_nonnull(threats);
	ck_assert_ptr_nonnull(defences);
	for (const struct mj *c = threats->child; c; c = c->next)
		json_node_text(f, c, movenum + 1, "");
	for (const struct mj *d = defences->child; d; d = d->next) {
		if (json_flag(d, "covered"))
			continue;
		bool refutes = json_flag(d, "refutes");
		fprintf(f, "%s%d...%s%s\n", refutes ? "but " : "", movenum, mj_get(d, "text")->str,
		        refutes ? "!" : "");
		for (const struct mj *c = mj_get(d, "continuations")->child; c; c = c->next)
			json_node_text(f, c, movenum + 1, "");
	}
}

/* The JSON writer's solution of r (its "tries" and "tree") as that text. */
static char *json_text(const struct judgement *r)
{
	char *json = NULL, *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&json, &len);
	ck_assert_ptr_nonnull(f);
	fputs("{\"x\":0", f);
	solution_json_battle(f, &r->an);
	fputs("}", f);
	fclose(f);
	struct mj *v = mj_parse(json);
	ck_assert_msg(v != NULL, "the JSON writer's solution does not parse: %.200s", json);
	f = open_memstream(&text, &len);
	ck_assert_ptr_nonnull(f);
	/* set play: the defences of the diagram with the solving side's
	   answers, first, as Popeye prints them before any try or key
	   ("1...Kb8-a8", after a pass); from the JSON's own set_play_tree */
	const struct mj *set = mj_get(v, "set_play_tree");
	if (set && set->type == MJ_OBJ)
		for (const struct mj *d = mj_get(set, "defences")->child; d; d = d->next) {
			if (json_flag(d, "covered"))
				continue;
			fprintf(f, "1...%s\n", mj_get(d, "text")->str);
			for (const struct mj *c = mj_get(d, "continuations")->child; c; c = c->next)
				json_node_text(f, c, 2, "");
		}
	for (const struct mj *t = mj_get(v, "tries")->child; t; t = t->next) {
		const struct mj *tree = mj_get(t, "tree");
		if (tree && tree->type == MJ_OBJ)
			json_node_text(f, tree, 1, "?");
	}
	for (const struct mj *k = mj_get(v, "tree")->child; k; k = k->next)
		json_node_text(f, k, 1, "!");
	fclose(f);
	mj_free(v);
	free(json);
	return text;
}

/* The text writer's solution of every problem of p, the JSON writer's as
   text (json_text), and its popeye text. */
static void maat_texts(struct puzzle *p, char **text, char **json, char **popeye, int *nproblems,
                       bool *battle)
{
	struct judge_opts jo = {.an = {.max_refs = 1, .tree = true, .hash_mb = 8}};
	size_t plen = 0;
	FILE *pf = open_memstream(popeye, &plen);
	ck_assert_ptr_nonnull(pf);
	*nproblems = puzzle_problem_count(p);
	for (int k = 0; k < *nproblems; k++) {
		struct judgement r;
		judge_problem(p, puzzle_problem_twin(p, k), &jo, NULL, &r);
		/* (cooked: Popeye prints every key, and so do the writers) */
		ck_assert_msg(
		    r.analysed && (r.verdict == VERDICT_SOUND || r.verdict == VERDICT_COOKED),
		    "%s line %d: %s: %s", p->file, p->line, verdict_names[r.verdict], r.reason);
		if (battle)
			battle[k] = r.an.play->family == FAMILY_BATTLE;
		size_t len = 0;
		FILE *f = open_memstream(&text[k], &len);
		ck_assert_ptr_nonnull(f);
		text_solution(f, &r.an);
		fclose(f);
		if (json)
			json[k] = json_text(&r);
		struct writer_opts wo = {.solution = true, .solve = true};
		writer_popeye.problem(pf, p, p->file, &r, &wo);
		judgement_free(&r);
	}
	fclose(pf);
}

/* What the comparison of one file found. */
struct tally {
	int problems, nested, json_zugzwang, json_battle, json_ep, json_set;
};

/* Every problem of inp (Popeye's output for it in out): maat's text has
   Popeye's lines of play and no other, so has the JSON writer's tree for
   battle play (its set play and "ep." marks read from the JSON itself),
   and --format popeye is Popeye's text where bytes is set. */
static void compare_with_popeye(const char *inp, const char *outfile, bool bytes, struct tally *t)
{
	char *out = popeye_read_file(outfile);
	ck_assert_ptr_nonnull(out);
	char **want;
	int nwant = popeye_split_output(out, &want);
	free(out);
	struct collection c = {0};
	ck_assert_int_eq(input_load_file(inp, NULL, &c), 0);
	ck_assert_int_eq(nwant, c.count);
	for (int i = 0; i < c.count; i++) {
		struct puzzle *p = &c.items[i];
		char what[128];
		snprintf(what, sizeof what, "%s problem %d (line %d)", inp, i + 1, p->line);
		char *text[MAX_PARTS] = {NULL}, *json[MAX_PARTS] = {NULL}, *popeye = NULL;
		bool battle[MAX_PARTS] = {false};
		int n;
		maat_texts(p, text, json, &popeye, &n, battle);
		/* --format popeye: Popeye's text, byte for byte */
		char *full = malloc(strlen(want[i]) + 32);
		sprintf(full, "%ssolution finished.\n", want[i]);
		if (bytes && strcmp(full, popeye))
			fprintf(stderr, "%s:\n--- Popeye\n%s--- maat\n%s", what, full, popeye);
		ck_assert_msg(!bytes || !strcmp(full, popeye),
		              "%s: --format popeye is not Popeye's text", what);
		free(full);
		/* the text: the same lines of play, part by part */
		struct paths theirs[MAX_PARTS] = {{0}};
		int nparts = text_paths(want[i], theirs, what);
		ck_assert_int_eq(nparts, n);
		/* the ep. signs of Popeye's twins are counted over its whole
		   output (all in part 0): maat's, part by part, must add up to
		   them, in the text and in the JSON (every part a battle) */
		int popeye_ep = theirs[0].ep, text_ep = 0, json_ep = 0, json_parts = 0;
		for (int k = 0; k < n; k++)
			theirs[k].ep = 0;
		for (int k = 0; k < n; k++) {
			struct paths mine[1] = {{0}};
			text_paths(text[k], mine, what);
			text_ep += mine[0].ep;
			mine[0].ep = 0;
			same_paths(&theirs[k], &mine[0], what, want[i], text[k]);
			for (int j = 0; j < mine[0].n; j++)
				t->nested +=
				    strstr(mine[0].p[j], "| (pass) |") &&
				    strstr(strstr(mine[0].p[j], "| (pass) |") + 10, "(pass)");
			/* the JSON writer's tree: the same lines, marks, zugzwang.,
			   set play and ep. (issue 24 part 3: "in every writer"),
			   each read from the JSON */
			if (battle[k]) {
				struct paths from_json[1] = {{0}};
				text_paths(json[k], from_json, what);
				json_ep += from_json[0].ep;
				json_parts++;
				from_json[0].ep = 0; /* added up, as the text's, above */
				char jwhat[160];
				snprintf(jwhat, sizeof jwhat, "%s, JSON", what);
				same_paths(&theirs[k], &from_json[0], jwhat, want[i], json[k]);
				for (int j = 0; j < from_json[0].n; j++) {
					t->json_zugzwang +=
					    strstr(from_json[0].p[j], " zugzwang.") != NULL;
					t->json_set += !strncmp(from_json[0].p[j], "(pass) | ", 9);
				}

				t->json_battle++;
				free_paths(&from_json[0]);
			}
			free_paths(&mine[0]);
			free_paths(&theirs[k]);
			free(text[k]);
			free(json[k]);
			t->problems++;
		}
		ck_assert_msg(text_ep == popeye_ep, "%s: %d ep. in the text, Popeye %d", what,
		              text_ep, popeye_ep);
		if (json_parts == n) {
			ck_assert_msg(json_ep == popeye_ep, "%s: %d ep. in the JSON, Popeye %d",
			              what, json_ep, popeye_ep);
			t->json_ep += json_ep;
		}
		free(popeye);
		free(want[i]);
	}
	free(want);
	collection_free(&c);
}

/* trees.inp: #3 to #5 trees, threats of threats, zugzwang after
   continuations, Popeye's text byte for byte. */
START_TEST(test_S5_text_holds_every_line_popeye_prints)
{
	struct tally t = {0};
	compare_with_popeye("data/popeye/trees.inp", "data/popeye/trees.out", true, &t);
	ck_assert_int_ge(t.problems, 20);
	ck_assert_int_gt(t.nested, 0);        /* threats of threats among them */
	ck_assert_int_gt(t.json_zugzwang, 0); /* and zugzwang after continuations */
}
END_TEST

/* twin-ep.inp: two twinned problems whose key takes en passant in both
   parts; Popeye counts the ep. signs over its whole output, maat's parts
   must add up to them, in the text and in the JSON (the JSON's count was
   copied from Popeye's for every problem of more than one part), and
   --format popeye is Popeye's text. */
START_TEST(test_S5_twinned_ep_marks_add_up_to_popeye)
{
	struct tally t = {0};
	compare_with_popeye("data/popeye/twin-ep.inp", "data/popeye/twin-ep.out", true, &t);
	ck_assert_int_eq(t.problems, 4);
	ck_assert_int_eq(t.json_ep, 4); /* counted from maat's JSON, one a part */
}
END_TEST

/* format.inp: set play, en passant keys (Loyd's 1.g5xf6 ep.+!, Troitzky's
   s#1 1.c5xb6 ep.+!), help and series play; the JSON writer's set play and
   "ep." marks compared with Popeye's from the JSON itself (they were
   copied from the text, and set play not walked). */
START_TEST(test_S5_json_set_play_and_ep_as_popeye)
{
	struct tally t = {0};
	compare_with_popeye("data/popeye/format.inp", "data/popeye/format.out", false, &t);
	ck_assert_int_ge(t.problems, 25);
	ck_assert_int_ge(t.json_battle, 15);
	ck_assert_int_eq(t.json_ep, 2);  /* the two e.p. keys, from the JSON */
	ck_assert_int_gt(t.json_set, 0); /* set play lines, from the JSON */
}
END_TEST

/* Loyd's Charles XII (puzzles/chess), the three parts issue 24 names:
   zugzwang after a continuation in a), the threat's own threat in b), the
   threats of c)'s 2.Rc7xc5 each with its play, on lines of their own. */
START_TEST(test_S5_charles_xii_text)
{
	struct collection c = {0};
	ck_assert_int_eq(input_load_file("../puzzles/chess/loyd-1859-charles-xii.yaml", NULL, &c),
	                 0);
	char *text[MAX_PARTS] = {NULL}, *popeye = NULL;
	int n;
	maat_texts(&c.items[0], text, NULL, &popeye, &n, NULL);
	ck_assert_int_eq(n, 3);
	ck_assert_ptr_nonnull(strstr(text[0], "    1...Bf2xg3 2.Se1-f3 zugzwang.\n"));
	ck_assert_ptr_nonnull(strstr(text[1], "1.h2xg3! threat: 2.Rg7-g4 threat: 3.Rg4-h4#\n"
	                                      "        2...Bf2xg3 3.Rg4xg3 threat: 4.Rg3-h3#\n"));
	ck_assert_ptr_nonnull(strstr(text[2], "    1...Bf2-c5 2.Rc7xc5 threat:\n"
	                                      "            3.Rc5-c1 threat: 4.Rc1-h1#\n"
	                                      "            3.Rc5-c6 zugzwang. Kh5-h4 4.Rc6xh6#\n"
	                                      "        2...Kh5-h4\n"
	                                      "            3.Kf5-g6 threat: 4.Rc5-c4#\n"
	                                      "            3.Rc5-c1 threat: 4.Rc1-h1#\n"));
	for (int k = 0; k < n; k++)
		free(text[k]);
	free(popeye);
	collection_free(&c);
}
END_TEST

Suite *writers_suite(void)
{
	Suite *s = suite_create("writers");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_S5_text_holds_every_line_popeye_prints);
	tcase_add_test(tc, test_S5_json_set_play_and_ep_as_popeye);
	tcase_add_test(tc, test_S5_twinned_ep_marks_add_up_to_popeye);
	tcase_add_test(tc, test_S5_charles_xii_text);
	tcase_add_test(tc, test_S7_json_line_text_whole);
	tcase_add_test(tc, test_S7_text_line_whole);
	tcase_add_test(tc, test_S7_magazine_line_whole);
	suite_add_tcase(s, tc);
	return s;
}
