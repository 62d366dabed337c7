/*
** check_print.c -- what is printed around a board and in a booklet: the
** caption strings (source, dates, award, condition line, twins, remarks),
** lines wrapped within the board, C+ and the proved key, the claimed key
** past the tries, knight arrows that bend, placeholders for puzzles that
** cannot be drawn, and the LaTeX writer's source.
*/
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/render_solve.h"
#include "input/load.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/latex.h"
#include "render/layout.h"

Suite *print_suite(void);

static struct render_ctx *ctx;

static void setup_ctx(void)
{
	char err[256] = "";
	ctx = render_ctx_new(NULL, err, sizeof err);
	ck_assert_msg(ctx != NULL, "fonts: %s", err);
}

static void teardown_ctx(void)
{
	render_ctx_free(ctx);
	ctx = NULL;
}

static struct puzzle *make_puzzle(const char *game, const char *position, const char *stip)
{
	char err[256] = "";
	struct puzzle *p = calloc(1, sizeof *p);
	p->game = game_find(game);
	ck_assert_ptr_nonnull(p->game);
	ck_assert_msg(
	    p->game->parse(p->pos, position ? position : p->game->start, err, sizeof err) == 0,
	    "parse: %s", err);
	p->has_position = true;
	if (stip) {
		ck_assert_int_ne(stip_parse(stip, &p->stip, err, sizeof err), -1);
		p->has_stip = true;
	}
	return p;
}

static struct render_opts opts(enum render_format f)
{
	struct render_opts o;
	memset(&o, 0, sizeof o);
	o.format = f;
	o.snap = f == RENDER_PNG;
	return o;
}

/* The first puzzle of a file of the collection (tests run in tests/). */
static struct collection load(const char *path)
{
	struct collection c;
	ck_assert_int_eq(input_load_file(path, NULL, &c), 0);
	ck_assert_int_ge(c.count, 1);
	ck_assert_msg(c.items[0].error == NULL, "%s", c.items[0].error);
	return c;
}

static void build(const struct puzzle *p, const struct render_proof *pr,
                  const struct render_opts *o, struct diagram *d)
{
	char err[256] = "";
	ck_assert_msg(render_diagram_build_proved(ctx, p, pr, 0, o, d, err, sizeof err) == 0, "%s",
	              err);
}

/* -------------------------------------------------------- caption text */

START_TEST(test_source_parts_and_date_styles)
{
	struct puzzle *p = make_puzzle("chess", NULL, "#2");
	char buf[RENDER_LINE];
	p->source_name = "The Chess Monthly";
	p->source_date = "1859-03";
	p->source_number = "12";
	p->source_issue = "3";
	static const struct {
		enum render_date ds;
		const char *want;
	} months[] = {
	    {DATE_NUMERIC, "12. The Chess Monthly, 3, 3/1859"},
	    {DATE_ISO, "12. The Chess Monthly, 3, 1859-03"},
	    {DATE_ROMAN, "12. The Chess Monthly, 3, III/1859"},
	    {DATE_LONG, "12. The Chess Monthly, 3, March 1859"},
	    {DATE_YEAR, "12. The Chess Monthly, 3, 1859"},
	};
	for (size_t i = 0; i < sizeof months / sizeof months[0]; i++) {
		render_source_text(p, months[i].ds, buf, sizeof buf);
		ck_assert_str_eq(buf, months[i].want);
	}
	render_date_text("1894-08-16", DATE_NUMERIC, buf, sizeof buf);
	ck_assert_str_eq(buf, "16.8.1894");
	render_date_text("1894-08-16", DATE_ROMAN, buf, sizeof buf);
	ck_assert_str_eq(buf, "16.VIII.1894");
	render_date_text("1894-08-16", DATE_LONG, buf, sizeof buf);
	ck_assert_str_eq(buf, "16 August 1894");
	/* what is no date is kept as written */
	render_date_text("1965-1967", DATE_LONG, buf, sizeof buf);
	ck_assert_str_eq(buf, "1965-1967");
	render_date_text("1859-13", DATE_NUMERIC, buf, sizeof buf);
	ck_assert_str_eq(buf, "1859-13");
	/* an id that is no number goes after the name */
	p->source_number = "s2026-c11804";
	render_source_text(p, DATE_YEAR, buf, sizeof buf);
	ck_assert_str_eq(buf, "The Chess Monthly, s2026-c11804, 3, 1859");
	/* a puzzle built without the parts: the joined line */
	p->source_name = p->source_date = p->source_number = p->source_issue = NULL;
	p->source = "Illustrated London News, 1858";
	render_source_text(p, DATE_LONG, buf, sizeof buf);
	ck_assert_str_eq(buf, "Illustrated London News, 1858");
	free(p);
}
END_TEST

START_TEST(test_source_and_award_from_the_loader)
{
	static const char yaml[] =
	    "source: {name: feenschach, issue: 01-02, problemid: 7100,\n"
	    "         date: {year: 1965, month: 2}}\n"
	    "award: {tourney: {name: feenschach TT}, distinction: 1st Prize}\n"
	    "fen: \"7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1\"\n"
	    "stipulation: \"#2\"\n";
	struct collection c;
	char buf[RENDER_LINE];
	ck_assert_int_eq(puzzle_load_buffer("t.yaml", yaml, sizeof yaml - 1, &c), 0);
	const struct puzzle *p = &c.items[0];
	ck_assert_str_eq(p->source_name, "feenschach");
	ck_assert_str_eq(p->source_issue, "01-02");
	ck_assert_str_eq(p->source_number, "7100");
	ck_assert_str_eq(p->source_date, "1965-02");
	ck_assert_str_eq(p->distinction, "1st Prize");
	ck_assert_str_eq(p->tourney, "feenschach TT");
	render_source_text(p, DATE_NUMERIC, buf, sizeof buf);
	ck_assert_str_eq(buf, "7100. feenschach, 01-02, 2/1965");
	render_award_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "1st Prize, feenschach TT");
	collection_free(&c);

	/* Olive's flat form: source-id "50/1" is issue 50, problem 1 */
	static const char flat[] =
	    "source: Broodings\nsource-id: 50/1\ndate: 2009-02\n"
	    "fen: \"7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1\"\nstipulation: \"#2\"\n";
	ck_assert_int_eq(puzzle_load_buffer("t.yaml", flat, sizeof flat - 1, &c), 0);
	ck_assert_str_eq(c.items[0].source_issue, "50");
	ck_assert_str_eq(c.items[0].source_number, "1");
	ck_assert_str_eq(c.items[0].source, "Broodings, 50, 2009-02");
	collection_free(&c);
}
END_TEST

START_TEST(test_condition_line_names_the_game)
{
	char buf[RENDER_LINE];
	static const struct {
		const char *game, *want;
	} rows[] = {
	    {"chess", ""},
	    {"morok", "Morok chess"},
	    {"upuaut", "Upuaut 5x6"},
	    {"tavlei", "Tavlei"},
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct puzzle *p = make_puzzle(rows[i].game, NULL, NULL);
		render_condition_text(p, buf, sizeof buf);
		ck_assert_str_eq(buf, rows[i].want);
		free(p);
	}
	/* T9: a rule option away from its default belongs to the condition */
	struct puzzle *p = make_puzzle("tavlei", NULL, "win in 2");
	p->rules_text = "corners hostile";
	render_condition_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Tavlei; corners hostile");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Attackers to win in 2");
	free(p);
}
END_TEST

/* Loyd's Charles XII: the twins under the board as magazines print them
   (the file has YACPDB's "Remove e1 Stipulation #4"), the men as the
   booklet's figurines, a pawn by his letter */
START_TEST(test_twins_printed_under_the_board)
{
	struct collection c = load("../puzzles/chess/loyd-1859-charles-xii.yaml");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	build(&c.items[0], NULL, &o, &d);
	ck_assert_str_eq(d.stip, "#3");
	ck_assert_int_eq(d.nfoot, 2);
	ck_assert_str_eq(d.foot[0], "b) -\u2658e1, #4");
	ck_assert_str_eq(d.foot[1], "c) from b) -Ph2, #5");
	ck_assert_str_eq(d.head[2], "The Chess Monthly, 3/1859");
	collection_free(&c);
}
END_TEST

/* Every twinning command in a caption, as the magazine format prints it
   (tests/cli.d/56-magazine.sh): Move, Exchange, Continued Add,
   Substitute, Stipulation */
START_TEST(test_twin_commands_as_magazines_print_them)
{
	struct collection c = load("render/twin-commands.yaml");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	build(&c.items[0], NULL, &o, &d);
	ck_assert_int_eq(d.nfoot, 5);
	ck_assert_str_eq(d.foot[0], "b) \u2656a1\u2192a2");
	ck_assert_str_eq(d.foot[1], "c) \u2654e1\u2194\u2658b1");
	ck_assert_str_eq(d.foot[2], "d) from c) +b\u2657c4");
	ck_assert_str_eq(d.foot[3], "e) \u2656\u2192\u2655");
	ck_assert_str_eq(d.foot[4], "f) h#2");
	collection_free(&c);
}
END_TEST

static int remarks_of(const char *game, const char *pos, const char *stip, char (*out)[RENDER_LINE])
{
	struct puzzle *p = make_puzzle(game, pos, stip);
	int n = render_remarks(p, out, 4);
	free(p);
	return n;
}

START_TEST(test_remarks_side_to_move)
{
	char r[4][RENDER_LINE];
	/* #2 with Black to move is not the usual problem */
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 b - - 0 1", "#2", r), 1);
	ck_assert_str_eq(r[0], "Black to move");
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1", "#2", r), 0);
	/* help play starts with Black (h#2), with White in h#2.5 */
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 b - - 0 1", "h#2", r), 0);
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1", "h#2", r), 1);
	ck_assert_str_eq(r[0], "White to move");
	/* a helping series starts with Black too (ser-h#1: the row says so;
	   the caption took every play but h#N to start with White) */
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 b - - 0 1", "ser-h#1", r), 0);
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1", "ser-h#1", r), 1);
	ck_assert_str_eq(r[0], "White to move");
	/* help-self play of N.5 moves starts with Black, of N with White */
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 b - - 0 1", "hs#1.5", r), 0);
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1", "hs#2", r), 0);
	/* "Defenders to win in 2" names the side already */
	ck_assert_int_eq(remarks_of("tavlei", "/1t7/tK7/9/5T3/9/T4t3/9/9/9/ d", "win in 2", r), 0);
}
END_TEST

START_TEST(test_remarks_retro_facts)
{
	char r[4][RENDER_LINE];
	struct collection c = load("../puzzles/chess/loyd-1894-nysca-ep.yaml");
	ck_assert_int_eq(render_remarks(&c.items[0], r, 4), 1);
	ck_assert_str_eq(r[0], "e.p. possible (f6)");
	collection_free(&c);
	/* castling: what king and rooks at home would allow, and is taken away */
	ck_assert_int_eq(remarks_of("chess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "#2", r), 1);
	ck_assert_str_eq(r[0], "no castling");
	ck_assert_int_eq(remarks_of("chess", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "#2", r), 1);
	ck_assert_str_eq(r[0], "no castling: White 0-0-0");
	ck_assert_int_eq(remarks_of("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "#2", r), 0);
	/* no king and rook at home: nothing to say */
	ck_assert_int_eq(remarks_of("chess", "7k/8/5n2/8/3Q4/8/8/K7 w - - 0 1", "#2", r), 0);
}
END_TEST

START_TEST(test_text_made_safe_for_cairo)
{
	char buf[16];
	render_copy_text(buf, sizeof buf, "a\x1b[2Kb\xff");
	ck_assert_str_eq(buf, "a [2Kb?");
	/* cut between characters, with an ellipsis */
	render_copy_text(buf, sizeof buf,
	                 "\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6");
	ck_assert_str_eq(buf, "\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xc3\xb6\xe2\x80\xa6");
}
END_TEST

/* ------------------------------------------------------------- layout */

/* A long source wraps within the framed board; the diagram stays as wide
   as the board with its margins. */
START_TEST(test_caption_wraps_within_the_board)
{
	struct puzzle *p = make_puzzle("chess", NULL, "#2");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	struct render_layout l;
	p->authors = "Loyd, Samuel\nHealey, Frederic\nKling, Josef\nHorwitz, Bernhard";
	p->source_name = "The Illustrated London News and the Chess Player's Chronicle, "
	                 "joint problem tourney of the year";
	p->source_date = "1858";
	p->rules_text = "corners hostile, king-max-move 2, weaponless king";
	build(p, NULL, &o, &d);
	render_layout(ctx, &d, &o, &l);
	double margin = l.width - l.frame_w;
	ck_assert(margin < 4 * l.text_size);
	int lines_above = 0;
	for (int i = 0; i < l.ntext; i++) {
		const struct render_text *t = &l.text[i];
		double w =
		    render_text_width_n(&ctx->fonts, t->font, t->size, t->text, (size_t)t->len);
		ck_assert_msg(t->x >= l.frame_x - 1e-6 && t->x + w <= l.frame_x + l.frame_w + 1e-6,
		              "line %d '%.*s' leaves the board", i, t->len, t->text);
		lines_above += t->y < l.frame_y;
	}
	ck_assert_int_gt(lines_above, 3); /* authors and source took two lines each */
	free(p);
}
END_TEST

/* --------------------------------------------------- proof, key, arrows */

START_TEST(test_proved_key_C_plus_and_arrow)
{
	struct collection c = load("../puzzles/tavlei/06-the-corner-bites.yaml");
	const struct puzzle *p = &c.items[0];
	struct render_proof pr;
	ck_assert_int_eq(render_solve(p, &(struct render_solve_opts){.tries = -1}, NULL, &pr), 0);
	ck_assert(pr.solved && pr.sound);
	ck_assert_str_eq(pr.key_text, "1.a6-a3xa2!");
	ck_assert_ptr_nonnull(strstr(pr.solution, "1.a6-a3xa2! threat: 2.b2-a2#"));
	ck_assert_ptr_null(pr.verdict); /* sound: no verdict */

	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	char sq[2][4];
	o.arrows = ARROWS_KEY;
	o.show_key = true;
	build(p, &pr, &o, &d);
	ck_assert_str_eq(d.proved, "C+");
	ck_assert_str_eq(d.foot[d.nfoot - 1], "Key: 1.a6-a3xa2!");
	ck_assert_int_eq(d.narrows, 1);
	square_name(d.arrows[0].from_file, d.arrows[0].from_rank, sq[0]);
	square_name(d.arrows[0].to_file, d.arrows[0].to_rank, sq[1]);
	ck_assert_str_eq(sq[0], "a6");
	ck_assert_str_eq(sq[1], "a3");
	/* the file writes six tries before its key: the claimed key is past them */
	o.arrows = ARROWS_CLAIMED;
	build(p, &pr, &o, &d);
	ck_assert_int_eq(d.narrows, 1);
	square_name(d.arrows[0].from_file, d.arrows[0].from_rank, sq[0]);
	ck_assert_str_eq(sq[0], "a6");
	/* not solved in this run: no C+, no proved arrow */
	o.arrows = ARROWS_KEY;
	build(p, NULL, &o, &d);
	ck_assert_str_eq(d.proved, "");
	ck_assert_int_eq(d.narrows, 0);
	render_proof_free(&pr);
	collection_free(&c);
}
END_TEST

START_TEST(test_twin_solutions_as_magazines_print_them)
{
	struct collection c = load("../puzzles/chess/loyd-1859-charles-xii.yaml");
	struct render_proof pr;
	ck_assert_int_eq(
	    render_solve(&c.items[0], &(struct render_solve_opts){.tries = -1}, NULL, &pr), 0);
	ck_assert(pr.sound);
	ck_assert_str_eq(pr.key_text, "1.Rg7xg3!");
	/* as magazines print them (output/magazine.c): short algebraic with
	   figurines, twins "b) -Se1, #4", "c) from b) -Ph2, #5" */
	const char *a =
	    strstr(pr.solution, "a)\n1.\u2656xg3! threat: 2.\u2656h3+ \u2657h4 3.g4#\n");
	const char *b = strstr(pr.solution, "b) -\u2658e1, #4\n");
	ck_assert_ptr_nonnull(b);
	ck_assert_ptr_nonnull(strstr(b, "\n1.hxg3! threat: 2.\u2656g4 threat: 3.\u2656h4#\n"));
	const char *cc = strstr(pr.solution, "c) from b) -Ph2, #5\n");
	ck_assert(a && b && cc && a < b && b < cc);
	render_proof_free(&pr);
	collection_free(&c);
}
END_TEST

START_TEST(test_unsound_problem_has_no_C_plus)
{
	struct puzzle *p = make_puzzle("chess", NULL, "#2"); /* the start position */
	struct render_proof pr;
	ck_assert_int_eq(render_solve(p, &(struct render_solve_opts){.tries = -1}, NULL, &pr), 0);
	ck_assert(pr.solved && !pr.sound);
	ck_assert_uint_eq(pr.key, MOVE_NONE);
	ck_assert_str_eq(pr.verdict, "no solution: no first move wins in 2");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	build(p, &pr, &o, &d);
	ck_assert_str_eq(d.proved, "");
	render_proof_free(&pr);
	free(p);
}
END_TEST

static int green_at(cairo_surface_t *s, double x, double y)
{
	const unsigned char *px = cairo_image_surface_get_data(s) +
	                          (size_t)y * (size_t)cairo_image_surface_get_stride(s) +
	                          4 * (size_t)x;
	return px[1] > px[0] + 30 && px[1] > px[2] + 30; /* BGRA */
}

/* Sg5-f7 runs up the g-file and turns at g7: green there (web style), and
   none where a straight arrow would cross (between g6 and f6). */
START_TEST(test_knight_arrow_bends)
{
	struct puzzle *p = make_puzzle("chess", "7k/8/8/6N1/8/8/8/K7 w - - 0 1", "#2");
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	struct render_layout l;
	p->solution = "1.Sg5-f7!";
	o.style = STYLE_WEB;
	o.arrows = ARROWS_CLAIMED;
	build(p, NULL, &o, &d);
	ck_assert_int_eq(d.narrows, 1);
	render_layout(ctx, &d, &o, &l);
	cairo_surface_t *s =
	    cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)l.width, (int)l.height);
	cairo_t *cr = cairo_create(s);
	render_draw(ctx, cr, &d, &l, &o);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	double x, y;
	render_square_xy(&l, false, 6, 6, &x, &y); /* g7: the corner */
	ck_assert(green_at(s, x + l.sq / 2, y + l.sq / 2));
	render_square_xy(&l, false, 6, 5, &x, &y); /* g6/f6 edge, half-way */
	ck_assert(!green_at(s, x + 2, y + l.sq / 2));
	render_square_xy(&l, false, 5, 6, &x, &y); /* f7: the head */
	ck_assert(green_at(s, x + l.sq * 0.7, y + l.sq / 2));
	cairo_surface_destroy(s);
	free(p);
}
END_TEST

START_TEST(test_placeholder_for_a_puzzle_not_drawn)
{
	struct puzzle p;
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	struct render_layout l;
	memset(&p, 0, sizeof p);
	p.title = "A grasshopper";
	render_diagram_skipped(&p, 2, "x.yaml:6: not supported: fairy piece 'G'", &d);
	ck_assert(d.skipped);
	ck_assert_str_eq(d.head[0], "2. A grasshopper");
	ck_assert_str_eq(d.title,
	                 "2. A grasshopper: not drawn: x.yaml:6: not supported: fairy piece 'G'");
	render_layout(ctx, &d, &o, &l);
	bool said = false;
	for (int i = 0; i < l.ntext; i++)
		said |= l.text[i].y > l.frame_y && strncmp(l.text[i].text, "x.yaml:6:", 9) == 0;
	ck_assert(said);
}
END_TEST

/* --------------------------------------------------------------- LaTeX */

static char *latex_of(const char *path, const struct render_opts *o)
{
	struct collection c = load(path);
	struct diagram d;
	char *buf = NULL;
	size_t len = 0;
	build(&c.items[0], NULL, o, &d);
	FILE *f = open_memstream(&buf, &len);
	ck_assert(render_latex(&d, 1, o, f));
	fclose(f);
	collection_free(&c);
	return buf;
}

#define HAS(s, want) ck_assert_msg(strstr(s, want) != NULL, "no '%s' in:\n%s", want, s)

START_TEST(test_latex_source)
{
	struct render_opts o = opts(RENDER_TEX);
	char *t = latex_of("../puzzles/chess/loyd-1859-charles-xii.yaml", &o);
	HAS(t, "\\usepackage{diagram}");
	HAS(t, "\\setboolean{showcomputer}{false}"); /* not solved: no C- either */
	HAS(t, "\\begin{diagram}\n");
	HAS(t, "\\author{Loyd, Samuel}");
	HAS(t, "\\source{The Chess Monthly}\n  \\month{3}\n  \\year{1859}");
	HAS(t, "\\pieces[5+4]{wKf5, wTg7, wSe1, wBg2, wBh2, sKh5, sLf2, sBg3, sBh6}");
	HAS(t, "\\stipulation{\\#3}");
	HAS(t, "\\twins{b) -\\wS{}e1, \\#4; c) from b) -Ph2, \\#5}");
	HAS(t, "\\solution{\\maatline{0.0}{a) 1.Rg7*g3 ! threat: 2.Rg3-h3 \\#}\\newline");
	HAS(t, "\\end{document}");
	free(t);

	t = latex_of("../puzzles/upuaut/01-the-step-before-judgement.yaml", &o);
	HAS(t, "\\begin{diagram}[5x6]");
	HAS(t, "\\condition{Upuaut 5x6}");
	HAS(t, "\\stipulation{White to win in 2}");
	free(t);

	t = latex_of("../puzzles/tavlei/06-the-corner-bites.yaml", &o);
	HAS(t, "\\begin{diagram}[9x9]");
	HAS(t, "\\maatgrid");
	HAS(t, "\\maatcount(3+3)");
	HAS(t, "\\fieldframe{a1, i1, e5, a9, i9}");
	HAS(t, "\\pieces{wKb2, wCf4, wCa6, sCb1, sCa2, sCf6}");
	HAS(t, "\\condition{Tavlei; corners hostile}");
	free(t);

	t = latex_of("../puzzles/chess/loyd-1894-nysca-ep.yaml", &o);
	HAS(t, "\\day{16}\n  \\month{8}\n  \\year{1894}");
	HAS(t, "\\remark{e.p. possible (f6)}");
	free(t);
}
END_TEST

Suite *print_suite(void)
{
	Suite *s = suite_create("print");
	TCase *tc = tcase_create("print");
	tcase_add_checked_fixture(tc, setup_ctx, teardown_ctx);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_source_parts_and_date_styles);
	tcase_add_test(tc, test_source_and_award_from_the_loader);
	tcase_add_test(tc, test_condition_line_names_the_game);
	tcase_add_test(tc, test_twins_printed_under_the_board);
	tcase_add_test(tc, test_twin_commands_as_magazines_print_them);
	tcase_add_test(tc, test_remarks_side_to_move);
	tcase_add_test(tc, test_remarks_retro_facts);
	tcase_add_test(tc, test_text_made_safe_for_cairo);
	tcase_add_test(tc, test_caption_wraps_within_the_board);
	tcase_add_test(tc, test_proved_key_C_plus_and_arrow);
	tcase_add_test(tc, test_twin_solutions_as_magazines_print_them);
	tcase_add_test(tc, test_unsound_problem_has_no_C_plus);
	tcase_add_test(tc, test_knight_arrow_bends);
	tcase_add_test(tc, test_placeholder_for_a_puzzle_not_drawn);
	tcase_add_test(tc, test_latex_source);
	suite_add_tcase(s, tc);
	return s;
}
