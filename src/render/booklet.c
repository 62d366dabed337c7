/*
** booklet.c -- a PDF an editor can send to the printer: per_page diagrams
** on each page of A4, Letter or A5, in a grid; the numbers running across
** the booklet; a header with the title and the page number in the footer;
** then the solutions, Popeye-style, under the same numbers.
**
** Every diagram of the booklet gets the same square size, the largest with
** which each of them fits its cell (captions wrap within the board's
** width, at one text size for the whole booklet); the boards of a row are
** aligned on their frame tops, as in a magazine.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>

#include "base/textsafe.h"
#include "render/render_int.h"

#define MM (72.0 / 25.4)

struct page {
	double w, h; /* paper */
	double margin, head_h, foot_h;
	double x0, y0, cw, ch; /* the area between header and footer */
	int number;
};

static void page_setup(const struct render_opts *o, struct page *pg)
{
	render_paper_size(o->paper, &pg->w, &pg->h);
	pg->margin = (o->paper == PAPER_A5 ? 12 : 15) * MM;
	pg->head_h = o->title ? 9 * MM : 0;
	pg->foot_h = 9 * MM;
	pg->x0 = pg->margin;
	pg->y0 = pg->margin + pg->head_h;
	pg->cw = pg->w - 2 * pg->margin;
	pg->ch = pg->h - 2 * pg->margin - pg->head_h - pg->foot_h;
	pg->number = 0;
}

static void text_centred(struct render_ctx *ctx, cairo_t *cr, enum render_font f, double size,
                         const char *text, double cx, double y)
{
	char buf[RENDER_LINE];
	render_copy_text(buf, sizeof buf, text);
	double w = render_text_width(ctx, f, size, buf);
	render_set_font(ctx, cr, f, size);
	cairo_move_to(cr, cx - w / 2, y);
	cairo_show_text(cr, buf);
}

/* A new page: the header (title and a rule) and the footer (its number). */
static void page_begin(struct render_ctx *ctx, cairo_t *cr, const struct render_opts *o,
                       struct page *pg)
{
	char num[16];
	pg->number++;
	cairo_set_source_rgb(cr, 0, 0, 0);
	if (o->title) {
		double base = pg->margin + 4 * MM;
		text_centred(ctx, cr, FONT_ITALIC, 10, o->title, pg->w / 2, base);
		cairo_set_line_width(cr, 0.4);
		cairo_move_to(cr, pg->margin, base + 2.5 * MM);
		cairo_line_to(cr, pg->w - pg->margin, base + 2.5 * MM);
		cairo_stroke(cr);
	}
	snprintf(num, sizeof num, "%d", pg->number);
	text_centred(ctx, cr, FONT_REGULAR, 10, num, pg->w / 2, pg->h - pg->margin);
}

/* ------------------------------------------------------------ diagrams */

struct grid {
	int cols, rows;
	double cell_w, cell_h, pad;
};

/* Columns for a portrait page: about as many as the page's shape gives
   per_page square cells (4: 2x2, 6: 2x3, 9: 3x3, 12: 3x4). */
static void grid_setup(const struct page *pg, int per, struct grid *g)
{
	g->cols = (int)lround(sqrt(per * pg->cw / pg->ch));
	if (g->cols < 1)
		g->cols = 1;
	if (g->cols > per)
		g->cols = per;
	g->rows = (per + g->cols - 1) / g->cols;
	g->pad = 5 * MM;
	g->cell_w = pg->cw / g->cols;
	g->cell_h = pg->ch / g->rows;
}

static bool fits(struct render_ctx *ctx, const struct diagram *d, struct render_opts *o,
                 double size, double w, double h)
{
	struct render_layout l;
	o->size = size;
	render_layout(ctx, d, o, &l);
	return l.width <= w && l.height <= h;
}

/* The widest board of d that fits w x h (found by bisection: a smaller
   board only wraps its caption onto more lines). */
static double largest_board(struct render_ctx *ctx, const struct diagram *d,
                            const struct render_opts *o, double w, double h)
{
	struct render_opts t = *o;
	double lo = 20, hi = w;
	if (!fits(ctx, d, &t, lo, w, h))
		return lo;
	for (int i = 0; i < 30 && hi - lo > 0.05; i++) {
		double mid = (lo + hi) / 2;
		if (fits(ctx, d, &t, mid, w, h))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static int files_of(const struct diagram *d)
{
	return d->game ? d->game->files : 8;
}

/* One square size for the booklet: the smallest of what each diagram
   could have alone.  Returns the board width per file. */
static double square_size(struct render_ctx *ctx, const struct diagram *d, int n,
                          const struct render_opts *o, const struct grid *g)
{
	double sq = HUGE_VAL;
	for (int i = 0; i < n; i++) {
		if (d[i].skipped)
			continue;
		double b = largest_board(ctx, &d[i], o, g->cell_w - g->pad, g->cell_h - g->pad);
		sq = fmin(sq, b / files_of(&d[i]));
	}
	return isfinite(sq) ? sq : (g->cell_w - g->pad) / 8 * 0.8;
}

static double fit_scale(const struct render_layout *l, double w, double h)
{
	double s = fmin(w / l->width, h / l->height);
	return s < 1 ? s : 1;
}

static void diagram_pages(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d, int n,
                          const struct render_opts *o, struct page *pg)
{
	struct grid g;
	grid_setup(pg, o->per_page, &g);
	struct render_opts t = *o;
	if (t.text_size <= 0)
		t.text_size = fmin(fmax(0.042 * g.cell_w, 8), 11);
	double sq = square_size(ctx, d, n, &t, &g);
	struct render_layout *l = malloc((size_t)o->per_page * sizeof *l);
	struct render_opts *lo = malloc((size_t)o->per_page * sizeof *lo);
	if (!l || !lo) {
		free(l);
		free(lo);
		cairo_set_source_rgb(cr, 0, 0, 0);
		return; /* the surface reports the failure: nothing drawn */
	}
	for (int first = 0; first < n; first += o->per_page) {
		int count = n - first < o->per_page ? n - first : o->per_page;
		page_begin(ctx, cr, o, pg);
		for (int k = 0; k < count; k++) {
			lo[k] = t;
			lo[k].size = sq * files_of(&d[first + k]);
			render_layout(ctx, &d[first + k], &lo[k], &l[k]);
		}
		for (int r = 0; r * g.cols < count; r++) {
			double top = 0; /* the lowest frame top in the row, scaled */
			for (int k = r * g.cols; k < count && k < (r + 1) * g.cols; k++) {
				double s = fit_scale(&l[k], g.cell_w - g.pad, g.cell_h - g.pad);
				top = fmax(top, l[k].frame_y * s);
			}
			for (int k = r * g.cols; k < count && k < (r + 1) * g.cols; k++) {
				double s = fit_scale(&l[k], g.cell_w - g.pad, g.cell_h - g.pad);
				double x = pg->x0 + (k % g.cols) * g.cell_w +
				           (g.cell_w - l[k].width * s) / 2;
				double y =
				    pg->y0 + r * g.cell_h + g.pad / 2 + top - l[k].frame_y * s;
				cairo_save(cr);
				cairo_translate(cr, x, y);
				cairo_scale(cr, s, s);
				render_draw(ctx, cr, &d[first + k], &l[k], &lo[k]);
				cairo_restore(cr);
			}
		}
		cairo_show_page(cr);
	}
	free(l);
	free(lo);
}

/* ----------------------------------------------------------- solutions */

#define SOL_SIZE 8.5
#define SOL_LINE (1.22 * SOL_SIZE)

struct flow {
	struct render_ctx *ctx;
	cairo_t *cr;
	const struct render_opts *o;
	struct page *pg;
	int cols, col;
	double col_w, gap, y;
	bool open; /* a page is begun and not yet shown */
};

static void flow_page(struct flow *fl)
{
	if (fl->open)
		cairo_show_page(fl->cr);
	page_begin(fl->ctx, fl->cr, fl->o, fl->pg);
	fl->open = true;
	fl->col = 0;
	fl->y = fl->pg->y0;
}

/* Room for h more: else the next column, or the next page. */
static void flow_room(struct flow *fl, double h)
{
	if (fl->open && fl->y + h <= fl->pg->y0 + fl->pg->ch)
		return;
	if (fl->open && fl->col + 1 < fl->cols) {
		fl->col++;
		fl->y = fl->pg->y0;
		return;
	}
	flow_page(fl);
}

/* One line of text, wrapped within the column: the first piece at indent,
   the rest a little further in. */
static void flow_text(struct flow *fl, enum render_font f, double indent, const char *raw)
{
	/* cleaned here, whatever the caller built it of: a verdict quotes the
	   file's claim, which may hold a noncharacter (cairo draws nothing
	   after one) -- fuzz_drawtext found it */
	char text[2048]; /* more than any caller's line (1024) */
	render_copy_text(text, sizeof text, raw);
	struct render_span sp[RENDER_MAX_TEXT];
	double w = fl->col_w - indent;
	int n = render_wrap(fl->ctx, f, SOL_SIZE, text, w - 1.2 * SOL_SIZE, sp, RENDER_MAX_TEXT);
	char buf[1024];
	for (int k = 0; k < n; k++) {
		flow_room(fl, SOL_LINE);
		double x = fl->pg->x0 + fl->col * (fl->col_w + fl->gap) + indent +
		           (k ? 1.2 * SOL_SIZE : 0);
		snprintf(buf, sizeof buf, "%.*s", sp[k].len, text + sp[k].start);
		cairo_set_source_rgb(fl->cr, 0, 0, 0);
		render_set_font(fl->ctx, fl->cr, f, SOL_SIZE);
		cairo_move_to(fl->cr, x, fl->y + 0.8 * SOL_SIZE);
		cairo_show_text(fl->cr, buf);
		fl->y += SOL_LINE;
	}
}

/* Text of several lines, each as flow_text, its leading spaces kept as
   indentation (Popeye indents the variations). */
static void flow_lines(struct flow *fl, enum render_font f, const char *text)
{
	char line[1024];
	while (text && *text) {
		size_t n = strcspn(text, "\n");
		/* cut between characters, longer than line: render_copy_text()
		   cuts again, with its ellipsis (a cut here, inside a character,
		   ended a long line in '?') */
		char raw[2 * sizeof line];
		snprintf(raw, sizeof raw, "%.*s", (int)text_fit(text, n, sizeof raw - 1), text);
		render_copy_text(line, sizeof line, raw);
		int spaces = 0;
		while (line[spaces] == ' ')
			spaces++;
		if (line[spaces])
			flow_text(fl, f, spaces * 0.3 * SOL_SIZE, line + spaces);
		text += n + (text[n] == '\n');
	}
}

static void solution_entry(struct flow *fl, const struct diagram *d)
{
	const struct puzzle *p = d->puzzle;
	const struct render_proof *pr = d->proof;
	char head[RENDER_LINE], line[3 * RENDER_LINE + 64]; /* never cut: the parts are lines */
	/* "12. Samuel Loyd, #3": the number, who, what */
	if (p && p->authors)
		render_authors_text(p->authors, head, sizeof head);
	else
		render_copy_text(head, sizeof head, p && p->title ? p->title : "");
	snprintf(line, sizeof line, "%d.%s%s%s%s", d->number, head[0] ? " " : "", head,
	         d->skipped ? ""
	         : head[0]  ? ", "
	                    : " ",
	         d->skipped ? "" : d->stip);
	flow_room(fl, 3 * SOL_LINE); /* a heading never alone at a column's foot */
	flow_text(fl, FONT_BOLD, 0, line);
	if (d->skipped) {
		snprintf(line, sizeof line, "not drawn: %s", d->reason);
		flow_text(fl, FONT_ITALIC, 0, line);
	} else if (pr && pr->solution) {
		flow_lines(fl, FONT_REGULAR, pr->solution);
		if (!pr->sound) {
			snprintf(line, sizeof line, "maat: %s", pr->verdict);
			flow_text(fl, FONT_ITALIC, 0, line);
		}
	} else if (p && p->solution) {
		snprintf(line, sizeof line, "as given%s%s%s", pr ? " (not checked by maat: " : "",
		         pr ? pr->verdict : "", pr ? ")" : "");
		flow_text(fl, FONT_ITALIC, 0, line);
		flow_lines(fl, FONT_REGULAR, p->solution);
	} else {
		snprintf(line, sizeof line, "no solution%s%s", pr && pr->verdict[0] ? ": " : "",
		         pr ? pr->verdict : "");
		flow_text(fl, FONT_ITALIC, 0, line);
	}
	fl->y += 0.6 * SOL_LINE;
}

static void solution_pages(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d, int n,
                           const struct render_opts *o, struct page *pg)
{
	struct flow fl = {.ctx = ctx, .cr = cr, .o = o, .pg = pg};
	fl.cols = o->paper == PAPER_A5 ? 1 : 2;
	fl.gap = 8 * MM;
	fl.col_w = (pg->cw - (fl.cols - 1) * fl.gap) / fl.cols;
	flow_page(&fl);
	cairo_set_source_rgb(cr, 0, 0, 0);
	render_set_font(ctx, cr, FONT_BOLD, 14);
	cairo_move_to(cr, pg->x0, fl.y + 12);
	cairo_show_text(cr, "Solutions");
	fl.y += 24;
	for (int i = 0; i < n; i++)
		solution_entry(&fl, &d[i]);
	if (fl.open)
		cairo_show_page(cr);
}

void render_booklet(struct render_ctx *ctx, cairo_surface_t *s, cairo_t *cr,
                    const struct diagram *d, int n, const struct render_opts *o)
{
	struct page pg;
	page_setup(o, &pg);
	cairo_pdf_surface_set_size(s, pg.w, pg.h);
	diagram_pages(ctx, cr, d, n, o, &pg);
	if (o->solutions)
		solution_pages(ctx, cr, d, n, o, &pg);
}
