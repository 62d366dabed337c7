/*
** check_render.c -- diagrams: fonts, layout geometry, caption strings,
** arrows from the claimed solution, men found back on their squares in the
** pixels, the PNG encoder, atomic writes.
*/
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input/load.h"
#include "notation/fairy.h"
#include "render/board.h"
#include "render/caption.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/layout.h"
#include "render/pieces.h"
#include "render/png.h"

#define SAMPLE "bn5k/pp6/5K2/6N1/8/2P5/1P6/2B3R1 w - - 0 1"

Suite *render_suite(void);

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

/* A puzzle as the loader would give it; stip may be NULL. */
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

/* ---------------------------------------------------------------- fonts */

START_TEST(test_fonts_have_every_man)
{
	for (int side = 0; side < 2; side++)
		for (int i = 0; i < NMEN; i++) {
			ck_assert_uint_ne(ctx->fonts.man_glyph[side][i], 0);
			const struct ink_box *b = &ctx->fonts.man_box[side][i];
			ck_assert(b->x1 > b->x0 && b->y1 > b->y0);
		}
	/* The solid king is the tallest man but for the queen's balls: the
	   scale is taken from it, so it must be a real glyph of ~0.8 em. */
	const struct ink_box *k = &ctx->fonts.man_box[1][0];
	ck_assert(k->y1 - k->y0 > 0.5 && k->y1 - k->y0 < 1.2);
}
END_TEST

START_TEST(test_fonts_missing_dir_is_an_error)
{
	char err[256] = "";
	struct render_ctx *c = render_ctx_new("/nonexistent-fonts", err, sizeof err);
	ck_assert_ptr_null(c);
	ck_assert_str_eq(err, "font /nonexistent-fonts/FreeSerif.ttf not found (install "
	                      "fonts-freefont-ttf, or give --font-dir)");
}
END_TEST

/* A directory where "FreeSerif.ttf" is really FreeSans: cairo would draw
   with it silently; we refuse by family name. */
START_TEST(test_fonts_wrong_family_is_an_error)
{
	char dir[] = "/tmp/maat-fonts-XXXXXX", path[256], err[256] = "";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/FreeSerif.ttf", dir);
	ck_assert_int_eq(symlink("/usr/share/fonts/truetype/freefont/FreeSans.ttf", path), 0);
	struct render_ctx *c = render_ctx_new(dir, err, sizeof err);
	ck_assert_ptr_null(c);
	ck_assert_msg(strstr(err, "is family 'FreeSans', expected FreeSerif") != NULL, "%s", err);
	unlink(path);
	rmdir(dir);
}
END_TEST

/* --------------------------------------------------------------- layout */

static void build(const struct puzzle *p, const struct render_opts *o, struct diagram *d)
{
	char err[256] = "";
	ck_assert_msg(render_diagram_build(ctx, p, 0, o, d, err, sizeof err) == 0, "%s", err);
}

START_TEST(test_layout_png_is_pixel_aligned_and_centred)
{
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	struct render_layout l;
	p->title = "Sample";
	build(p, &o, &d);
	render_layout(ctx, &d, &o, &l);
	ck_assert_double_eq(l.sq, floor(l.sq));
	ck_assert_double_eq(l.bx, floor(l.bx));
	ck_assert_double_eq(l.by, floor(l.by));
	ck_assert_double_eq(l.width, floor(l.width));
	/* 300 px asked for the framed board: squares floor to whole pixels. */
	ck_assert(l.frame_w <= 300 && l.frame_w > 300 - 8);
	ck_assert_double_eq_tol(l.frame_w, 8 * l.sq + 2 * (l.frame_out + l.frame_gap + l.frame_in),
	                        1e-9);
	ck_assert(fabs(2 * l.frame_x + l.frame_w - l.width) <= 1);
	/* title above the frame, stipulation and count below, count flush right */
	ck_assert_int_eq(l.ntext, 3);
	ck_assert_str_eq(l.text[0].text, "Sample");
	ck_assert(l.text[0].y < l.frame_y);
	ck_assert_str_eq(l.text[1].text, "#2");
	ck_assert_str_eq(l.text[2].text, "(6+5)");
	ck_assert(l.text[1].y > l.frame_y + l.frame_h + l.text_size);
	ck_assert_double_eq_tol(l.text[1].x, l.frame_x, 1e-9);
	double w = render_text_width(&ctx->fonts, FONT_REGULAR, l.text[2].size, "(6+5)");
	ck_assert_double_eq_tol(l.text[2].x + w, l.frame_x + l.frame_w, 1e-9);
	ck_assert(l.height > l.text[1].y);
	free(p);
}
END_TEST

START_TEST(test_layout_text_size_is_absolute_for_print)
{
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	struct render_layout small, big;
	build(p, &o, &d);
	o.size = 45 * 72 / 25.4;
	render_layout(ctx, &d, &o, &small);
	o.size = 90 * 72 / 25.4;
	render_layout(ctx, &d, &o, &big);
	/* ~9 pt text under a 45 mm board, and it does not double with it */
	ck_assert(small.text_size > 8 && small.text_size < 10);
	ck_assert_double_eq_tol(big.text_size, 14, 1e-9);
	ck_assert_double_eq_tol(small.frame_w, o.size / 2, 1e-6);
	free(p);
}
END_TEST

START_TEST(test_square_xy_orientation_and_flip)
{
	struct render_layout l;
	memset(&l, 0, sizeof l);
	l.bx = 10;
	l.by = 20;
	l.sq = 30;
	l.files = 8;
	l.ranks = 8;
	double x, y;
	render_square_xy(&l, false, 0, 0, &x, &y); /* a1 bottom left */
	ck_assert_double_eq(x, 10);
	ck_assert_double_eq(y, 20 + 7 * 30);
	render_square_xy(&l, false, 7, 7, &x, &y); /* h8 top right */
	ck_assert_double_eq(x, 10 + 7 * 30);
	ck_assert_double_eq(y, 20);
	render_square_xy(&l, true, 0, 0, &x, &y); /* flipped: a1 top right */
	ck_assert_double_eq(x, 10 + 7 * 30);
	ck_assert_double_eq(y, 20);
}
END_TEST

START_TEST(test_U1_board_5x6_a1_dark)
{
	struct puzzle *p = make_puzzle("upuaut", NULL, NULL);
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	struct render_layout l;
	build(p, &o, &d);
	render_layout(ctx, &d, &o, &l);
	ck_assert_int_eq(l.files, 5);
	ck_assert_int_eq(l.ranks, 6);
	ck_assert(!d.tafl);
	ck_assert(render_square_dark(&d, 0, 0));
	ck_assert(!render_square_dark(&d, 1, 0));
	ck_assert(render_square_dark(&d, 4, 0)); /* e1 dark too: odd file count */
	ck_assert_str_eq(d.count, "(5+5)");
	free(p);
}
END_TEST

START_TEST(test_T1_throne_and_corners_marked)
{
	struct puzzle *p = make_puzzle("tavlei", NULL, NULL);
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	build(p, &o, &d);
	ck_assert(d.tafl);
	ck_assert(render_square_dark(&d, 4, 4)); /* e5 throne */
	ck_assert(render_square_dark(&d, 0, 0) && render_square_dark(&d, 8, 8));
	ck_assert(render_square_dark(&d, 0, 8) && render_square_dark(&d, 8, 0));
	ck_assert(!render_square_dark(&d, 4, 3) && !render_square_dark(&d, 1, 0));
	free(p);
}
END_TEST

/* T2: attackers are side 0 ('t'), defenders and king side 1 ('T', 'K'). */
START_TEST(test_T2_tafl_sides_and_count)
{
	struct puzzle *p = make_puzzle("tavlei", NULL, NULL);
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	build(p, &o, &d);
	/* e1: an attacker; e3: a defender; e5: the king */
	ck_assert(d.man[0][4].glyph == 't' && d.man[0][4].side == 0);
	ck_assert(d.man[2][4].glyph == 't' && d.man[2][4].side == 1);
	ck_assert(d.man[4][4].glyph == 'T' && d.man[4][4].side == 1);
	ck_assert_str_eq(d.count, "(16+9)");
	free(p);
}
END_TEST

/* -------------------------------------------------------------- caption */

START_TEST(test_stipulation_lines)
{
	char buf[128];
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "#2");
	free(p);

	p = make_puzzle("chess", SAMPLE, NULL);
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "White to move");
	free(p);

	p = make_puzzle("upuaut", NULL, "win in 2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "White to win in 2");
	p->caption_style = "seed";
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "South Pharaoh to win in 2");
	free(p);

	p = make_puzzle("tavlei", NULL, "win in 3");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Attackers to win in 3");
	free(p);

	/* the goal's word, not always "win" (was "White to win in 2") */
	p = make_puzzle("chess", SAMPLE, "stalemate in 2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "White to stalemate in 2");
	free(p);

	/* the other plays' words read whole, and who wins (issue 24): with
	   White to move the helping series is White's, Black wins */
	p = make_puzzle("chess", SAMPLE, "series-help-win in 3");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Series-help-win in 3: Black wins");
	free(p);
	p = make_puzzle("chess", SAMPLE, "help-stalemate in 2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Help-stalemate in 2: Black stalemates");
	free(p);
}
END_TEST

START_TEST(test_caption_heading_lines)
{
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	char err[128];
	p->title = "Sample";
	p->authors = "Loyd, Samuel\nHealey, Frederic\nComposer";
	p->source = "Illustrated London News, 1858";
	p->award = "1st Prize";
	ck_assert_int_eq(render_diagram_build(ctx, p, 7, &o, &d, err, sizeof err), 0);
	ck_assert_int_eq(d.nhead, 4);
	ck_assert_str_eq(d.head[0], "7. Sample");
	ck_assert_int_eq(d.head_font[0], FONT_BOLD);
	ck_assert_str_eq(d.head[1], "Samuel Loyd, Frederic Healey & Composer");
	ck_assert_int_eq(d.head_font[1], FONT_BOLD);
	ck_assert_str_eq(d.head[2], "Illustrated London News, 1858");
	ck_assert_int_eq(d.head_font[2], FONT_ITALIC);
	ck_assert_str_eq(d.head[3], "1st Prize");
	ck_assert_int_eq(d.head_font[3], FONT_REGULAR);
	ck_assert_str_eq(d.stip, "#2");
	ck_assert_str_eq(d.count, "(6+5)");
	free(p);
}
END_TEST

/* The short forms a booklet's cell may take: initials, the year alone. */
START_TEST(test_caption_short_forms)
{
	char buf[256];
	render_authors_short("Baird, Edith Elina Helen", buf, sizeof buf);
	ck_assert_str_eq(buf, "E. E. H. Baird");
	render_authors_short("Loyd, Samuel\nLe Maire, Jean-Marc\nComposer", buf, sizeof buf);
	ck_assert_str_eq(buf, "S. Loyd, J.-M. Le Maire & Composer");
	render_authors_short("Šahović, Émile", buf, sizeof buf);
	ck_assert_str_eq(buf, "É. Šahović");

	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	char err[128];
	p->authors = "Baird, Edith Elina Helen";
	p->source_name = "The Illustrated London News";
	p->source_issue = "vol. 33";
	p->source_date = "1858-03-16";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), 0);
	ck_assert_str_eq(d.head[0], "Edith Elina Helen Baird");
	ck_assert_str_eq(d.head_short[0], "E. E. H. Baird");
	ck_assert_str_eq(d.head[1], "The Illustrated London News, vol. 33, 16.3.1858");
	ck_assert_str_eq(d.head_short[1], "The Illustrated London News, 1858");
	/* a name already short has no short form */
	p->authors = "Loyd, S.";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), 0);
	ck_assert_str_eq(d.head_short[0], "");
	free(p);
}
END_TEST

/* Lines of the caption as laid out: the text of each on one baseline. */
static int caption_lines(const struct render_layout *l, char (*out)[256], int max)
{
	int n = 0;
	double y = -1;
	for (int i = 0; i < l->ntext; i++) {
		const struct render_text *t = &l->text[i];
		if (n == 0 || fabs(t->y - y) > 0.01) {
			if (n == max)
				break;
			out[n++][0] = 0;
			y = t->y;
		} else {
			strcat(out[n - 1], " ");
		}
		strncat(out[n - 1], t->text, (size_t)t->len);
	}
	return n;
}

/* A caption too wide for its cell: whole lines first, then the short
   form, then wrapped into even lines; never one word alone. */
START_TEST(test_caption_fit_levels)
{
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	struct render_layout l;
	char err[128], lines[16][256];
	p->authors = "Baird, Edith Elina Helen\nHealey, Frederic";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), 0);
	double full = render_text_width(&ctx->fonts, FONT_BOLD, 9, d.head[0]);
	double brief = render_text_width(&ctx->fonts, FONT_BOLD, 9, d.head_short[0]);
	ck_assert(brief < full);
	/* room for the whole line */
	struct render_fit fit = {9, full + 1, false, false};
	ck_assert(render_layout_fit(ctx, &d, &o, 100, &fit, &l));
	ck_assert_str_eq(l.text[0].text, d.head[0]);
	/* too narrow: whole lines only does not fit ... */
	fit.text_w = (brief + full) / 2;
	ck_assert(!render_layout_fit(ctx, &d, &o, 100, &fit, &l));
	/* ... the short form does */
	fit.abbreviate = true;
	ck_assert(render_layout_fit(ctx, &d, &o, 100, &fit, &l));
	ck_assert_int_eq(caption_lines(&l, lines, 16), 2);
	ck_assert_str_eq(lines[0], "E. E. H. Baird & F. Healey");
	/* narrower than the short form: wrapped, evenly */
	fit.text_w = brief * 0.7;
	ck_assert(!render_layout_fit(ctx, &d, &o, 50, &fit, &l));
	fit.wrap = true;
	ck_assert(render_layout_fit(ctx, &d, &o, 50, &fit, &l));
	int n = caption_lines(&l, lines, 16);
	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(lines[0], "E. E. H. Baird");
	ck_assert_str_eq(lines[1], "& F. Healey");
	/* on its own a diagram wraps without abbreviating, and evenly:
	   "Edith Elina / Helen Baird", not "Edith Elina Helen / Baird" */
	p->authors = "Baird, Edith Elina Helen";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), 0);
	struct render_fit own = {
	    9, 0.8 * render_text_width(&ctx->fonts, FONT_BOLD, 9, "Edith Elina Helen Baird"), false,
	    true};
	render_layout_fit(ctx, &d, &o, 20, &own, &l);
	n = caption_lines(&l, lines, 16);
	ck_assert_int_ge(n, 3);
	ck_assert_str_eq(lines[0], "Edith Elina");
	ck_assert_str_eq(lines[1], "Helen Baird");
	free(p);
}
END_TEST

/* The stipulation line is one unit with C+ and the count beside it: under
   a narrow board it is centred, wider than the frame, not broken. */
START_TEST(test_stip_line_stays_whole)
{
	struct puzzle *p = make_puzzle("upuaut", NULL, "win in 3");
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	struct render_layout l;
	char err[128], lines[16][256];
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), 0);
	struct render_fit fit = {8, 150, false, false};
	ck_assert(render_layout_fit(ctx, &d, &o, 60, &fit, &l));
	ck_assert(l.frame_w <
	          render_text_width(&ctx->fonts, FONT_REGULAR, 8, "White to win in 3 (6+6)"));
	int n = caption_lines(&l, lines, 16);
	ck_assert_int_ge(n, 1);
	char want[64];
	snprintf(want, sizeof want, "White to win in 3 %s", d.count);
	ck_assert_str_eq(lines[0], want);
	free(p);
}
END_TEST

/* ---------------------------------------------------------------- arrows */

static void arrows_of(const char *solution, enum render_arrows mode, struct diagram *d)
{
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PNG);
	p->solution = (char *)solution;
	o.arrows = mode;
	build(p, &o, d);
	free(p);
}

static void assert_arrow(const struct render_arrow *a, const char *from, const char *to, int side)
{
	char f[4], t[4];
	square_name(a->from_file, a->from_rank, f);
	square_name(a->to_file, a->to_rank, t);
	ck_assert_str_eq(f, from);
	ck_assert_str_eq(t, to);
	ck_assert_int_eq(a->side, side);
}

START_TEST(test_arrow_key_from_short_algebraic)
{
	struct diagram d;
	arrows_of("1.Rh1! Kg8 2.Rh8#", ARROWS_CLAIMED, &d);
	ck_assert_int_eq(d.narrows, 1);
	assert_arrow(&d.arrows[0], "g1", "h1", 0);
}
END_TEST

START_TEST(test_arrow_solution_line_stops_at_variation)
{
	struct diagram d;
	arrows_of("1.Rh1! Kg8 2.Rh8# 1...Bb7 2.Rxh8#", ARROWS_SOLUTION, &d);
	ck_assert_int_eq(d.narrows, 3);
	assert_arrow(&d.arrows[0], "g1", "h1", 0);
	assert_arrow(&d.arrows[1], "h8", "g8", 1);
	assert_arrow(&d.arrows[2], "h1", "h8", 0);
}
END_TEST

START_TEST(test_arrow_popeye_long_notation)
{
	struct diagram d;
	arrows_of("1.Rg1-h1 ! threat: 2.Rh1-h7 #", ARROWS_SOLUTION, &d);
	ck_assert_int_eq(d.narrows, 1);
	assert_arrow(&d.arrows[0], "g1", "h1", 0);
}
END_TEST

START_TEST(test_arrow_unreadable_solution_draws_none)
{
	struct diagram d;
	arrows_of("1.Zz9!", ARROWS_CLAIMED, &d);
	ck_assert_int_eq(d.narrows, 0);
	arrows_of("1.Rh1!", ARROWS_NONE, &d);
	ck_assert_int_eq(d.narrows, 0);
}
END_TEST

START_TEST(test_marks_parsed_and_checked)
{
	struct puzzle *p = make_puzzle("upuaut", NULL, NULL);
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	char err[128] = "";
	o.marks = "e6,a1";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), 0);
	ck_assert(d.mark[5][4] && d.mark[0][0] && !d.mark[0][1]);
	o.marks = "a1,f1";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), -1);
	ck_assert_str_eq(err, "--mark: 'f1' is not a square of the 5x6 board");
	o.marks = "a11";
	ck_assert_int_eq(render_diagram_build(ctx, p, 0, &o, &d, err, sizeof err), -1);
	ck_assert_str_eq(err, "--mark: 'a11' is not a square of the 5x6 board");
	free(p);
}
END_TEST

/* ------------------------------------------------- men found in the pixels */

static cairo_surface_t *draw(const struct diagram *d, const struct render_opts *o,
                             struct render_layout *l)
{
	render_layout(ctx, d, o, l);
	cairo_surface_t *s =
	    cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)l->width, (int)l->height);
	cairo_t *cr = cairo_create(s);
	render_draw(ctx, cr, d, l, o);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	return s;
}

static int grey_at(cairo_surface_t *s, int x, int y)
{
	const unsigned char *p = cairo_image_surface_get_data(s) +
	                         (size_t)y * (size_t)cairo_image_surface_get_stride(s) +
	                         4 * (size_t)x;
	return (p[0] + p[1] + p[2]) / 3;
}

/* Dark pixels in the middle 40% of a square: a man's outline, never the
   flat grey or white of an empty square (grey style). */
static int dark_in_centre(cairo_surface_t *s, const struct render_layout *l, bool flip, int f,
                          int r)
{
	double x, y;
	int n = 0;
	render_square_xy(l, flip, f, r, &x, &y);
	for (int yy = (int)(y + 0.3 * l->sq); yy < (int)(y + 0.7 * l->sq); yy++)
		for (int xx = (int)(x + 0.3 * l->sq); xx < (int)(x + 0.7 * l->sq); xx++)
			n += grey_at(s, xx, yy) < 90;
	return n;
}

static void check_men_on_squares(const char *game, const char *pos, bool flip)
{
	struct puzzle *p = make_puzzle(game, pos, NULL);
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	struct render_layout l;
	o.style = STYLE_GREY;
	o.flip = flip;
	build(p, &o, &d);
	cairo_surface_t *s = draw(&d, &o, &l);
	for (int r = 0; r < l.ranks; r++)
		for (int f = 0; f < l.files; f++) {
			bool man = d.man[r][f].glyph != 0;
			int dark = dark_in_centre(s, &l, flip, f, r);
			ck_assert_msg(man ? dark > 5 : dark == 0, "%s %c%d: %d dark pixels", game,
			              'a' + f, r + 1, dark);
		}
	cairo_surface_destroy(s);
	free(p);
}

START_TEST(test_men_drawn_on_their_squares)
{
	check_men_on_squares("chess", SAMPLE, false);
	check_men_on_squares("chess", SAMPLE, true);
	check_men_on_squares("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	                     false);
	check_men_on_squares("upuaut", NULL, false);
}
END_TEST

/* Tafl men are discs: look for their black rim on a circle round the centre. */
START_TEST(test_T2_tafl_men_drawn_on_their_squares)
{
	struct puzzle *p = make_puzzle("tavlei", NULL, NULL);
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	struct render_layout l;
	o.style = STYLE_GREY;
	build(p, &o, &d);
	cairo_surface_t *s = draw(&d, &o, &l);
	for (int r = 0; r < 9; r++)
		for (int f = 0; f < 9; f++) {
			double x, y;
			int rim = 0;
			render_square_xy(&l, false, f, r, &x, &y);
			for (int k = 0; k < 16; k++) {
				double a = k * 3.14159265 / 8, rad = 0.36 * l.sq;
				rim += grey_at(s, (int)(x + l.sq / 2 + rad * cos(a)),
				               (int)(y + l.sq / 2 + rad * sin(a))) < 110;
			}
			bool man = d.man[r][f].glyph != 0;
			ck_assert_msg(man ? rim >= 12 : rim <= 4, "%c%d: rim %d", 'a' + f, r + 1,
			              rim);
		}
	cairo_surface_destroy(s);
	free(p);
}
END_TEST

/* ------------------------------------------------------- fairy men */

static const char fairy_yaml[] = "algebraic:\n"
                                 "  white: [Kf4, Ga5, Ga6, Nb2, Zc3, XYe4]\n"
                                 "  black: [Kh5, Royal Zf3, Pg7]\n"
                                 "  neutral: [Bd4]\n"
                                 "stipulation: \"#2\"\n";

static void square_of(const char *sq, int *f, int *r)
{
	*f = sq[0] - 'a';
	*r = sq[1] - '1';
}

static const struct render_man *man_at(const struct diagram *d, const char *sq)
{
	int f, r;
	square_of(sq, &f, &r);
	return &d->man[r][f];
}

/* A fairy problem is drawn (the solver still says unsupported): each walk
   as the diagram package draws it, neutral men half and half, the walks
   named under the board. */
START_TEST(test_fairy_men_drawn_as_the_package)
{
	struct collection c;
	struct render_opts o = opts(RENDER_PDF);
	struct diagram d;
	ck_assert_int_eq(puzzle_load_buffer("f.yaml", fairy_yaml, strlen(fairy_yaml), &c), 0);
	ck_assert_int_eq(c.count, 1);
	struct puzzle *p = &c.items[0];
	ck_assert_ptr_nonnull(p->unsupported); /* the solver's answer stays */
	ck_assert(!p->has_position);
	ck_assert(render_drawable(p));
	build(p, &o, &d);
	const struct render_man *m = man_at(&d, "a5"); /* grasshopper: queen upside down */
	ck_assert(m->glyph == 'q' && m->side == SIDE_WHITE && m->turn == TURN_DOWN);
	m = man_at(&d, "b2"); /* nightrider: knight upside down */
	ck_assert(m->glyph == 'n' && m->turn == TURN_DOWN);
	m = man_at(&d, "c3"); /* zebra: knight turned right (Popeye's LaTeX "SR") */
	ck_assert(m->glyph == 'n' && m->turn == TURN_RIGHT);
	m = man_at(&d, "f3");
	ck_assert(m->glyph == 'n' && m->side == SIDE_BLACK && m->turn == TURN_RIGHT);
	m = man_at(&d, "d4");
	ck_assert(m->glyph == 'b' && m->side == SIDE_NEUTRAL && m->turn == TURN_UPRIGHT);
	m = man_at(&d, "e4"); /* no such walk: a circle */
	ck_assert(m->glyph == 'c');
	m = man_at(&d, "f4");
	ck_assert(m->glyph == 'k' && m->side == SIDE_WHITE);
	ck_assert_str_eq(d.count, "(6+3+1)");
	/* the legend, the name held to its squares by a no-break space */
	bool found = false;
	for (int i = 0; i < d.nfoot; i++)
		found |= strcmp(d.foot[i], "a5, a6:\xc2\xa0Grasshopper; b2:\xc2\xa0Nightrider; "
		                           "c3:\xc2\xa0Zebra; e4:\xc2\xa0'XY'; "
		                           "f3:\xc2\xa0Royal\xc2\xa0Zebra; "
		                           "d4:\xc2\xa0Neutral\xc2\xa0"
		                           "Bishop") == 0;
	ck_assert_msg(found, "legend: %s", d.nfoot ? d.foot[0] : "(none)");
	collection_free(&c);
	/* the legend leaves the six orthodox walks unnamed, and only them */
	for (const char *k = "kqrbsp"; *k; k++)
		ck_assert(fairy_walk_orthodox(fairy_walk_find(k, 1)));
	ck_assert(fairy_walk_orthodox(fairy_walk_find("S", 1))); /* any case */
	ck_assert(!fairy_walk_orthodox(fairy_walk_find("g", 1)));
	ck_assert(!fairy_walk_orthodox(fairy_walk_find("c", 1)));  /* cardinal */
	ck_assert(!fairy_walk_orthodox(fairy_walk_find("bp", 2))); /* berolina pawn */
	ck_assert(!fairy_walk_orthodox(fairy_walk_find("n", 1)));  /* nightrider */
	ck_assert(!fairy_walk_orthodox(NULL));
}
END_TEST

/* Popeye's pieces with their attributes, any language, kept for the diagram. */
START_TEST(test_fairy_men_from_popeye)
{
	static const char inp[] = "AnfangProblem\n"
	                          "Steine Weiss Kc1 Gd4 Schwarz Koeniglich Ze5 Ka8 Neutral Dc4\n"
	                          "Bedingung Circe\n"
	                          "Forderung #2\n"
	                          "EndeProblem\n";
	struct collection c;
	struct load_opts lo = {0};
	ck_assert_int_eq(input_load_buffer("f.inp", inp, strlen(inp), &lo, &c), 0);
	ck_assert_int_eq(c.count, 1);
	struct puzzle *p = &c.items[0];
	ck_assert_int_eq(p->nmen, 5);
	ck_assert_str_eq(p->men[0].code, "k");
	ck_assert_str_eq(p->men[1].code, "g");
	ck_assert_str_eq(p->men[2].code, "z");
	ck_assert_str_eq(p->men[2].attrs, "Royal"); /* in English */
	ck_assert_int_eq(p->men[2].colour, MAN_BLACK);
	ck_assert_str_eq(p->men[4].code, "q"); /* German D: the queen */
	ck_assert_int_eq(p->men[4].colour, MAN_NEUTRAL);
	ck_assert_str_eq(p->conditions, "Circe");
	char cond[RENDER_LINE];
	render_condition_text(p, cond, sizeof cond);
	ck_assert_str_eq(cond, "Circe");
	collection_free(&c);
}
END_TEST

/* Where a square's ink sits: its mean row, as a fraction of the square. */
static double ink_row(cairo_surface_t *s, const struct render_layout *l, const char *sq, double x0,
                      double x1)
{
	int f, r;
	double x, y, sum = 0, n = 0;
	square_of(sq, &f, &r);
	render_square_xy(l, false, f, r, &x, &y);
	for (int yy = (int)y + 2; yy < (int)(y + l->sq) - 2; yy++)
		for (int xx = (int)(x + x0 * l->sq); xx < (int)(x + x1 * l->sq); xx++)
			if (grey_at(s, xx, yy) < 90)
				sum += (yy - y) / l->sq, n++;
	return n ? sum / n : -1;
}

static double ink(cairo_surface_t *s, const struct render_layout *l, const char *sq, double x0,
                  double x1)
{
	int f, r;
	double x, y, n = 0;
	square_of(sq, &f, &r);
	render_square_xy(l, false, f, r, &x, &y);
	for (int yy = (int)y + 2; yy < (int)(y + l->sq) - 2; yy++)
		for (int xx = (int)(x + x0 * l->sq); xx < (int)(x + x1 * l->sq); xx++)
			n += grey_at(s, xx, yy) < 90;
	return n;
}

/* The pixels: a grasshopper is the queen turned upside down (its ink as
   far below the centre as the queen's is above), a neutral man is black on
   its left half and white on its right, as the package's font. */
START_TEST(test_fairy_men_in_the_pixels)
{
	static const char yaml[] = "algebraic:\n"
	                           "  white: [Kh1, Qb3, Gd3]\n"
	                           "  black: [Kh8]\n"
	                           "  neutral: [Qf5]\n"
	                           "stipulation: \"#2\"\n";
	struct collection c;
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	struct render_layout l;
	o.style = STYLE_WEB; /* flat squares: the ink is the man's */
	o.size = 480;
	ck_assert_int_eq(puzzle_load_buffer("g.yaml", yaml, strlen(yaml), &c), 0);
	build(&c.items[0], &o, &d);
	cairo_surface_t *s = draw(&d, &o, &l);
	double q = ink_row(s, &l, "b3", 0, 1), g = ink_row(s, &l, "d3", 0, 1);
	ck_assert_msg(q > 0 && g > 0 && fabs((q - 0.5) + (g - 0.5)) < 0.03,
	              "queen's ink at %.3f, grasshopper's at %.3f of the square", q, g);
	/* the neutral queen: much more ink on the left than on the right,
	   where the white queen has about as much on either side */
	double nl = ink(s, &l, "f5", 0, 0.5), nr = ink(s, &l, "f5", 0.5, 1);
	double wl = ink(s, &l, "b3", 0, 0.5), wr = ink(s, &l, "b3", 0.5, 1);
	ck_assert_msg(nl > 1.3 * nr && fabs(wl - wr) < 0.1 * (wl + wr),
	              "neutral %g|%g, white %g|%g", nl, nr, wl, wr);
	cairo_surface_destroy(s);
	collection_free(&c);
}
END_TEST

/* --mark frames a square on its edge: a dark square keeps its hatching
   between the frame and a man's halo. */
START_TEST(test_mark_keeps_hatching)
{
	struct puzzle *p = make_puzzle("chess", NULL, NULL); /* a1: a rook on a dark square */
	struct render_opts o = opts(RENDER_PNG);
	struct diagram plain, marked;
	struct render_layout l;
	o.size = 640;
	build(p, &o, &plain);
	o.marks = "a1";
	build(p, &o, &marked);
	cairo_surface_t *a = draw(&plain, &o, &l), *b = draw(&marked, &o, &l);
	/* the band between the frame (5.5% of the square) and the rook */
	double x, y;
	render_square_xy(&l, false, 0, 0, &x, &y);
	int ha = 0, hb = 0;
	for (int yy = (int)(y + 0.3 * l.sq); yy < (int)(y + 0.7 * l.sq); yy++)
		for (int xx = (int)(x + 0.07 * l.sq); xx < (int)(x + 0.11 * l.sq); xx++)
			ha += grey_at(a, xx, yy) < 128, hb += grey_at(b, xx, yy) < 128;
	ck_assert_msg(ha > 10 && hb > ha / 2, "hatch pixels: %d unmarked, %d marked", ha, hb);
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	free(p);
}
END_TEST

/* Help and self play in words name who wins (issue 24): "Help-win in 2"
   alone did not say. */
START_TEST(test_stip_names_the_winner)
{
	char buf[128];
	/* White to move helps: Black wins */
	struct puzzle *p = make_puzzle("upuaut", NULL, "help-win in 2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Help-win in 2: Black wins");
	free(p);
	p = make_puzzle("upuaut", NULL, "self-win in 2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Self-win in 2: White forces Black to win");
	free(p);
	p = make_puzzle("tavlei", NULL, "series-win in 3");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "Series-win in 3: Attackers win");
	p->caption_style = "seed";
	free(p);
	p = make_puzzle("chess", SAMPLE, "h#2");
	render_stip_text(p, buf, sizeof buf);
	ck_assert_str_eq(buf, "h#2"); /* problem notation says it */
	free(p);
}
END_TEST

/* Tafl men mean one side in every theme, and the caption says which. */
START_TEST(test_T2_tafl_colours_stated)
{
	char buf[128];
	struct puzzle *p = make_puzzle("tavlei", NULL, "win in 3");
	render_colours_text(p, THEME_CLASSIC, buf, sizeof buf);
	ck_assert_str_eq(buf, "Attackers black, defenders white");
	render_colours_text(p, THEME_SEED, buf, sizeof buf);
	ck_assert_str_eq(buf, "Attackers black, defenders red");
	free(p);
	p = make_puzzle("chess", SAMPLE, "#2");
	render_colours_text(p, THEME_SEED, buf, sizeof buf);
	ck_assert_str_eq(buf, "");
	free(p);
}
END_TEST

/* ------------------------------------------------------------ PNG writer */

static void png_round_trip(bool grey, bool opaque)
{
	char path[] = "/tmp/maat-png-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "wb");
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 67, 41);
	cairo_t *cr = cairo_create(s);
	if (opaque) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_paint(cr);
	}
	cairo_set_source_rgba(cr, grey ? 0.3 : 0.8, 0.3, grey ? 0.3 : 0.1, opaque ? 1 : 0.6);
	cairo_arc(cr, 30, 20, 17, 0, 6.3);
	cairo_fill(cr);
	cairo_destroy(cr);
	ck_assert_int_eq(render_png_write(&ctx->png, s, 0, f), CAIRO_STATUS_SUCCESS);
	fclose(f);
	cairo_surface_t *back = cairo_image_surface_create_from_png(path);
	ck_assert_int_eq(cairo_surface_status(back), CAIRO_STATUS_SUCCESS);
	ck_assert_int_eq(cairo_image_surface_get_width(back), 67);
	ck_assert_int_eq(cairo_image_surface_get_height(back), 41);
	cairo_surface_flush(s);
	for (int y = 0; y < 41; y++)
		for (int x = 0; x < 67; x++) {
			const unsigned char *a = cairo_image_surface_get_data(s) +
			                         y * cairo_image_surface_get_stride(s) + 4 * x;
			const unsigned char *b = cairo_image_surface_get_data(back) +
			                         y * cairo_image_surface_get_stride(back) + 4 * x;
			/* exact when opaque; alpha is un- and re-premultiplied */
			for (int k = 0; k < 4; k++)
				ck_assert_msg(abs(a[k] - b[k]) <= (opaque ? 0 : 1),
				              "pixel %d,%d byte %d: %d vs %d", x, y, k, a[k], b[k]);
		}
	cairo_surface_destroy(back);
	cairo_surface_destroy(s);
	unlink(path);
}

START_TEST(test_png_writer_round_trip)
{
	png_round_trip(true, true);
	png_round_trip(false, true);
	png_round_trip(true, false);
	png_round_trip(false, false);
}
END_TEST

/* ------------------------------------------------------ options, output */

START_TEST(test_size_units)
{
	double v;
	bool snap;
	char err[128];
	ck_assert_int_eq(render_parse_size("300", RENDER_PNG, 0, &v, &snap, err, sizeof err), 0);
	ck_assert(v == 300 && snap);
	ck_assert_int_eq(render_parse_size("60mm", RENDER_PDF, 0, &v, &snap, err, sizeof err), 0);
	ck_assert_double_eq_tol(v, 60 * 72 / 25.4, 1e-9);
	ck_assert(!snap);
	ck_assert_int_eq(render_parse_size("300px", RENDER_SVG, 0, &v, &snap, err, sizeof err), 0);
	ck_assert(v == 300 && snap);
	/* a PNG of a length: pixels at the resolution, 300 dpi by default */
	ck_assert_int_eq(render_parse_size("60mm", RENDER_PNG, 0, &v, &snap, err, sizeof err), 0);
	ck_assert_double_eq_tol(v, 60 / 25.4 * 300, 1e-9);
	ck_assert(snap);
	ck_assert_int_eq(render_parse_size("6cm", RENDER_PNG, 150, &v, &snap, err, sizeof err), 0);
	ck_assert_double_eq_tol(v, 60 / 25.4 * 150, 1e-9);
	ck_assert_int_eq(render_parse_size("2in", RENDER_PNG, 96, &v, &snap, err, sizeof err), 0);
	ck_assert_double_eq_tol(v, 192, 1e-9);
	ck_assert_int_eq(render_parse_size("3in", RENDER_PDF, 0, &v, &snap, err, sizeof err), 0);
	ck_assert_double_eq_tol(v, 216, 1e-9);
	ck_assert_int_eq(render_parse_size("10", RENDER_PNG, 0, &v, &snap, err, sizeof err), -1);
	ck_assert_str_eq(err, "--size: '10' is out of range (40 to 4000 px)");
	ck_assert_int_eq(render_parse_size("1mm", RENDER_PNG, 300, &v, &snap, err, sizeof err), -1);
	ck_assert_str_eq(err, "--size: '1mm' is out of range (40 to 4000 px at the --dpi)");
	ck_assert_int_eq(render_parse_size("3ft", RENDER_PDF, 0, &v, &snap, err, sizeof err), -1);
	ck_assert_str_eq(err, "--size: unknown unit 'ft' (px, pt, mm, cm, in)");
}
END_TEST

START_TEST(test_format_from_extension)
{
	enum render_format f;
	ck_assert_int_eq(render_format_from_path("a/b.PNG", &f), 0);
	ck_assert_int_eq(f, RENDER_PNG);
	ck_assert_int_eq(render_format_from_path("b.svg", &f), 0);
	ck_assert_int_eq(f, RENDER_SVG);
	ck_assert_int_eq(render_format_from_path("b.pdf", &f), 0);
	ck_assert_int_eq(f, RENDER_PDF);
	ck_assert_int_eq(render_format_from_path("b.jpg", &f), -1);
	ck_assert_int_eq(render_format_from_path("dir.pdf/b", &f), -1);
}
END_TEST

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	for (struct dirent *e; (e = readdir(d));)
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* A write that fails at the rename (the target is a directory) leaves
   nothing behind; one that succeeds leaves exactly the file. */
START_TEST(test_write_is_atomic)
{
	char dir[] = "/tmp/maat-out-XXXXXX", target[128], err[256] = "";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(target, sizeof target, "%s/taken.png", dir);
	ck_assert_int_eq(mkdir(target, 0777), 0);
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	struct render_opts o = opts(RENDER_PNG);
	struct diagram d;
	build(p, &o, &d);
	ck_assert_int_eq(render_write(ctx, &d, 1, &o, target, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "cannot write") != NULL, "%s", err);
	ck_assert_int_eq(count_entries(dir), 1);
	rmdir(target);
	ck_assert_int_eq(render_write(ctx, &d, 1, &o, target, err, sizeof err), 0);
	ck_assert_int_eq(count_entries(dir), 1);
	struct stat st;
	ck_assert_int_eq(stat(target, &st), 0);
	ck_assert(S_ISREG(st.st_mode) && st.st_size > 1000);
	/* two diagrams do not fit one PNG */
	struct diagram two[2] = {d, d};
	ck_assert_int_eq(render_write(ctx, two, 2, &o, target, err, sizeof err), -1);
	unlink(target);
	rmdir(dir);
	free(p);
}
END_TEST

/* Unicode noncharacters (U+FDD0-U+FDEF, U+nFFFE, U+nFFFF) put cairo in an
   error state, after which it draws nothing: every drawn string is cleaned
   of them (U+FFFD), the other characters kept (issue 23, item 2). */
START_TEST(test_noncharacters_replaced)
{
	static const struct {
		const char *in, *out;
	} t[] = {
	    {"a\xEF\xBF\xBE"
	     "b",
	     "a\xEF\xBF\xBD"
	     "b"},                                                      /* U+FFFE */
	    {"\xEF\xBF\xBF", "\xEF\xBF\xBD"},                           /* U+FFFF */
	    {"\xEF\xB7\x90|\xEF\xB7\xAF", "\xEF\xBF\xBD|\xEF\xBF\xBD"}, /* U+FDD0, U+FDEF */
	    {"\xF0\x9F\xBF\xBE", "\xEF\xBF\xBD"},                       /* U+1FFFE */
	    {"\xF4\x8F\xBF\xBF", "\xEF\xBF\xBD"},                       /* U+10FFFF */
	    {"\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xBD\xF0\x9F\xBF\xBD",
	     "\xEF\xB7\x8F\xEF\xB7\xB0\xEF\xBF\xBD\xF0\x9F\xBF\xBD"}, /* kept */
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		char buf[64];
		render_copy_text(buf, sizeof buf, t[i].in);
		ck_assert_str_eq(buf, t[i].out);
	}
}
END_TEST

/* A context in an error state draws nothing from then on: the file is an
   error, never a good file with a caption or pages missing (a booklet of
   three puzzles came out as one page, exit 0); the files after it are
   written.  The error forced here by a
   noncharacter put into a caption line behind the cleaning's back. */
START_TEST(test_cairo_error_is_a_write_error)
{
	static const enum render_format formats[] = {RENDER_PNG, RENDER_SVG, RENDER_PDF};
	char dir[] = "/tmp/maat-cairo-XXXXXX", target[128], err[256] = "";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	static const char *const ext[] = {"png", "svg", "pdf"};
	struct puzzle *p = make_puzzle("chess", SAMPLE, "#2");
	p->title = "a title: the caption's first line";
	for (int i = 0; i < 3; i++) {
		struct render_opts o = opts(formats[i]);
		struct diagram d;
		build(p, &o, &d);
		snprintf(d.head[0], sizeof d.head[0], "bad \xEF\xBF\xBE here");
		snprintf(target, sizeof target, "%s/x.%s", dir, ext[i]);
		ck_assert_int_eq(render_write(ctx, &d, 1, &o, target, err, sizeof err), -1);
		ck_assert_msg(strstr(err, "cannot write") && strstr(err, "not valid UTF-8"), "%s",
		              err);
		ck_assert_int_eq(count_entries(dir), 0);
		/* the next file, from the same context, is written whole: one
		   bad diagram does not fail those after it (the measuring context
		   stayed in error, and every later file was "cannot write") */
		snprintf(d.head[0], sizeof d.head[0], "good here");
		ck_assert_msg(render_write(ctx, &d, 1, &o, target, err, sizeof err) == 0, "%s",
		              err);
		ck_assert_int_eq(count_entries(dir), 1);
		unlink(target);
	}
	rmdir(dir);
	free(p);
}
END_TEST

Suite *render_suite(void)
{
	Suite *s = suite_create("render");
	TCase *tc = tcase_create("render");
	tcase_add_checked_fixture(tc, setup_ctx, teardown_ctx);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_fonts_have_every_man);
	tcase_add_test(tc, test_fonts_missing_dir_is_an_error);
	tcase_add_test(tc, test_fonts_wrong_family_is_an_error);
	tcase_add_test(tc, test_layout_png_is_pixel_aligned_and_centred);
	tcase_add_test(tc, test_layout_text_size_is_absolute_for_print);
	tcase_add_test(tc, test_square_xy_orientation_and_flip);
	tcase_add_test(tc, test_U1_board_5x6_a1_dark);
	tcase_add_test(tc, test_T1_throne_and_corners_marked);
	tcase_add_test(tc, test_T2_tafl_sides_and_count);
	tcase_add_test(tc, test_stipulation_lines);
	tcase_add_test(tc, test_caption_heading_lines);
	tcase_add_test(tc, test_fairy_men_drawn_as_the_package);
	tcase_add_test(tc, test_fairy_men_from_popeye);
	tcase_add_test(tc, test_fairy_men_in_the_pixels);
	tcase_add_test(tc, test_mark_keeps_hatching);
	tcase_add_test(tc, test_stip_names_the_winner);
	tcase_add_test(tc, test_T2_tafl_colours_stated);
	tcase_add_test(tc, test_caption_short_forms);
	tcase_add_test(tc, test_caption_fit_levels);
	tcase_add_test(tc, test_stip_line_stays_whole);
	tcase_add_test(tc, test_arrow_key_from_short_algebraic);
	tcase_add_test(tc, test_arrow_solution_line_stops_at_variation);
	tcase_add_test(tc, test_arrow_popeye_long_notation);
	tcase_add_test(tc, test_arrow_unreadable_solution_draws_none);
	tcase_add_test(tc, test_marks_parsed_and_checked);
	tcase_add_test(tc, test_men_drawn_on_their_squares);
	tcase_add_test(tc, test_T2_tafl_men_drawn_on_their_squares);
	tcase_add_test(tc, test_png_writer_round_trip);
	tcase_add_test(tc, test_size_units);
	tcase_add_test(tc, test_format_from_extension);
	tcase_add_test(tc, test_write_is_atomic);
	tcase_add_test(tc, test_noncharacters_replaced);
	tcase_add_test(tc, test_cairo_error_is_a_write_error);
	suite_add_tcase(s, tc);
	return s;
}
