/*
** layout.c -- where everything goes, as numbers; and the drawing order.
**
** Sizes follow the printed diagrams measured in the research notes: a frame
** of a thick outer and a thin inner line, caption text at an absolute size
** (it does not shrink with the board).  Caption lines wrap within the
** diagram's width (the frame, with its coordinates); only a single word
** wider than that widens the diagram.  In PNG everything that makes an edge
** is snapped to whole pixels so lines stay crisp.
*/
#include <math.h>
#include <string.h>

#include "render/render_int.h"

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static double px(bool png, double v, double min)
{
	if (v < min)
		v = min;
	return png ? round(v) : v;
}

void render_square_xy(const struct render_layout *l, bool flip, int file, int rank, double *x,
                      double *y)
{
	int col = flip ? l->files - 1 - file : file;
	int row = flip ? rank : l->ranks - 1 - rank;
	*x = l->bx + col * l->sq;
	*y = l->by + row * l->sq;
}

static bool add_text(struct render_layout *l, const char *text, int len, enum render_font f,
                     double size, double x, double y)
{
	if (l->ntext >= RENDER_MAX_TEXT)
		return false;
	struct render_text *t = &l->text[l->ntext++];
	t->text = text;
	t->len = len;
	t->font = f;
	t->size = size;
	t->x = x;
	t->y = y;
	return true;
}

/* ---------------------------------------------------------------- wrap */

int render_wrap(struct render_ctx *ctx, enum render_font f, double size, const char *text, double w,
                struct render_span *out, int max)
{
	int n = 0, len = (int)strlen(text), i = 0;
	while (i < len && n < max) {
		while (i < len && text[i] == ' ')
			i++;
		if (i >= len)
			break;
		int end = i, fit = -1;
		for (;;) {
			while (end < len && text[end] != ' ')
				end++;
			if (fit >= 0 &&
			    render_text_width_n(ctx, f, size, text + i, (size_t)(end - i)) > w)
				break;
			fit = end;
			if (end >= len)
				break;
			end++;
		}
		out[n].start = i;
		out[n++].len = fit - i;
		i = fit;
	}
	return n;
}

/* The widest single word of text. */
static double widest_word(struct render_ctx *ctx, enum render_font f, double size, const char *text)
{
	double best = 0;
	for (const char *s = text; *s;) {
		while (*s == ' ')
			s++;
		size_t n = strcspn(s, " ");
		if (n) {
			double w = render_text_width_n(ctx, f, size, s, n);
			best = w > best ? w : best;
		}
		s += n;
	}
	return best;
}

/* Lines of text centred over [left, left + w] or flush left; y advances. */
static void place(struct render_ctx *ctx, struct render_layout *l, const char *text,
                  enum render_font f, double w, double left, bool centre, double *y)
{
	struct render_span sp[RENDER_MAX_TEXT];
	double ts = l->text_size;
	int n = render_wrap(ctx, f, ts, text, w, sp, RENDER_MAX_TEXT);
	for (int k = 0; k < n; k++) {
		double tw =
		    centre ? render_text_width_n(ctx, f, ts, text + sp[k].start, (size_t)sp[k].len)
		           : 0;
		if (!add_text(l, text + sp[k].start, sp[k].len, f, ts,
		              centre ? left + (w - tw) / 2 : left, *y + 0.9 * ts))
			return;
		*y += 1.25 * ts;
	}
}

/* ---------------------------------------------------------------- layout */

static void frame_geometry(const struct diagram *d, const struct render_opts *o, double w,
                           struct render_layout *l)
{
	bool png = o->snap;
	if (o->style == STYLE_WEB || d->skipped) {
		l->frame_out = px(png, (d->skipped ? 0.004 : 0.012) * w, png ? 1 : 0.5);
	} else {
		l->frame_out = px(png, 0.012 * w, png ? 2 : 1.0);
		l->frame_gap = px(png, 0.009 * w, png ? 2 : 0.8);
		l->frame_in = px(png, 0.004 * w, png ? 1 : 0.4);
	}
	double ft = l->frame_out + l->frame_gap + l->frame_in;
	l->sq = (w - 2 * ft) / l->files;
	if (png)
		l->sq = floor(l->sq);
	if (l->sq < 1)
		l->sq = 1;
	l->frame_w = l->files * l->sq + 2 * ft;
	l->frame_h = l->ranks * l->sq + 2 * ft;
}

void render_layout(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                   struct render_layout *l)
{
	bool png = o->snap;
	double w = o->size > 0 ? o->size : render_default_size(o->format);

	memset(l, 0, sizeof *l);
	l->files = d->game ? d->game->files : 8;
	l->ranks = d->game ? d->game->ranks : 8;
	frame_geometry(d, o, w, l);
	double ft = l->frame_out + l->frame_gap + l->frame_in;

	/* Magazine text is ~9 pt beside a 45 mm board; big boards (web) get
	   bigger text, but slower than the board grows.  The same rule for
	   pixels and points, so a PNG and a PDF of one size match. */
	l->text_size = o->text_size > 0
	                   ? o->text_size
	                   : clamp(0.07 * w, png ? 10 : 7, w * 0.04 > 14 ? w * 0.04 : 14);
	l->coord_size = 0.8 * l->text_size;
	double ts = l->text_size;
	double margin = px(png, 0.9 * ts, 2);
	double coord_w = o->coords && !d->skipped ? px(png, 1.3 * l->coord_size, 0) : 0;
	double coord_h = o->coords && !d->skipped ? px(png, 1.5 * l->coord_size, 0) : 0;
	bool caption = !o->no_caption || d->skipped;

	/* The text block: as wide as the framed board with room for its
	   coordinates on both sides (so it stays centred), or its widest word. */
	double inner = l->frame_w + 2 * coord_w;
	double right_w = 0, gap = ts;
	if (caption) {
		for (int i = 0; i < d->nhead; i++)
			inner = fmax(inner, widest_word(ctx, d->head_font[i], ts, d->head[i]));
		for (int i = 0; i < d->nfoot; i++)
			inner = fmax(inner, widest_word(ctx, d->foot_font[i], ts, d->foot[i]));
		right_w = render_text_width(ctx, FONT_REGULAR, ts, d->count);
		if (d->proved[0])
			right_w += render_text_width(ctx, FONT_REGULAR, ts, d->proved) + 0.6 * ts;
		inner = fmax(inner, widest_word(ctx, FONT_REGULAR, ts, d->stip) + gap + right_w);
	}
	l->width = inner + 2 * margin;
	if (png)
		l->width = ceil(l->width);
	l->frame_x = px(png, (l->width - l->frame_w) / 2, 0);
	double left = (l->width - inner) / 2;

	/* Top to bottom: heading lines, board, coordinates, stipulation line,
	   the lines under it. */
	double y = margin;
	if (caption) {
		for (int i = 0; i < d->nhead; i++)
			place(ctx, l, d->head[i], d->head_font[i], inner, left, true, &y);
		if (d->nhead)
			y += 0.35 * ts;
	}
	l->frame_y = px(png, y, 0);
	l->bx = l->frame_x + ft;
	l->by = l->frame_y + ft;
	if (d->skipped) {
		/* the reason where the board would be */
		double pad = 0.6 * ts, ry = l->by + pad;
		place(ctx, l, "not drawn:", FONT_ITALIC, l->frame_w - 2 * pad - 2 * ft, l->bx + pad,
		      false, &ry);
		place(ctx, l, d->reason, FONT_REGULAR, l->frame_w - 2 * pad - 2 * ft, l->bx + pad,
		      false, &ry);
		l->frame_h = fmax(l->frame_h, ry - l->frame_y + pad);
	}
	y = l->frame_y + l->frame_h + coord_h;
	if (caption && !d->skipped) {
		double base = y + 0.55 * ts;
		/* under the frame's edges, unless a word made the block wider */
		double right = left + inner;
		if (inner <= l->frame_w + 2 * coord_w + 1e-9) {
			left = l->frame_x;
			right = l->frame_x + l->frame_w;
		}
		/* the stipulation, and beside it C+ and the count, flush right; a
		   stipulation too long for that has the line, and they go under it */
		double stip_y = base;
		bool beside = render_text_width(ctx, FONT_REGULAR, ts, d->stip) <=
		              right - left - right_w - gap;
		place(ctx, l, d->stip, FONT_REGULAR, right - left, left, false, &stip_y);
		double count_base = (beside ? base : stip_y) + 0.9 * ts;
		if (d->proved[0])
			add_text(l, d->proved, (int)strlen(d->proved), FONT_REGULAR, ts,
			         right - right_w, count_base);
		double count_w = render_text_width(ctx, FONT_REGULAR, ts, d->count);
		add_text(l, d->count, (int)strlen(d->count), FONT_REGULAR, ts, right - count_w,
		         count_base);
		y = beside ? fmax(stip_y, base + 1.25 * ts) : stip_y + 1.25 * ts;
		for (int i = 0; i < d->nfoot; i++)
			place(ctx, l, d->foot[i], d->foot_font[i], right - left, left, false, &y);
		y -= 0.05 * ts; /* the last baseline + 0.3 of the text size */
	}
	l->height = y + margin;
	if (png)
		l->height = ceil(l->height);
}

/* A dashed box where the board would be (the reason is caption text). */
static void draw_skipped(cairo_t *cr, const struct render_layout *l)
{
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, l->frame_out);
	cairo_set_dash(cr, (double[]){3 * l->frame_out, 2 * l->frame_out}, 2, 0);
	cairo_rectangle(cr, l->frame_x + l->frame_out / 2, l->frame_y + l->frame_out / 2,
	                l->frame_w - l->frame_out, l->frame_h - l->frame_out);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

void render_draw(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d,
                 const struct render_layout *l, const struct render_opts *o)
{
	struct palette pal;
	render_palette(o, l, &pal);
	if (!o->transparent) {
		cairo_set_source_rgb(cr, 1, 1, 1);
		cairo_rectangle(cr, 0, 0, l->width, l->height);
		cairo_fill(cr);
	}
	if (d->skipped) {
		draw_skipped(cr, l);
	} else {
		render_board(ctx, cr, d, l, o, &pal);
		render_marks(cr, d, l, o);
		render_pieces(ctx, cr, d, l, o, &pal);
		render_arrows(cr, d, l, o);
		render_coords(ctx, cr, l, o);
	}
	if (o->format != RENDER_SVG)
		render_caption(ctx, cr, l); /* SVG: real text, added by output.c */
}
