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

#include "render/board.h"
#include "render/caption.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/layout.h"
#include "render/pieces.h"

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
			if (fit >= 0 && render_text_width_n(&ctx->fonts, f, size, text + i,
			                                    (size_t)(end - i)) > w)
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
			double w = render_text_width_n(&ctx->fonts, f, size, s, n);
			best = w > best ? w : best;
		}
		s += n;
	}
	return best;
}

/*
** Wrapped into as few lines as fit w, and those lines made as even as
** they can be: the narrowest width that still gives that many lines, so a
** name never leaves one word alone on a line of its own ("Edith Elina /
** Helen Baird", not "Edith Elina Helen / Baird").
*/
static int wrap_even(struct render_ctx *ctx, enum render_font f, double size, const char *text,
                     double w, struct render_span *out, int max)
{
	int n = render_wrap(ctx, f, size, text, w, out, max);
	if (n <= 1)
		return n;
	double lo = widest_word(ctx, f, size, text), hi = w;
	for (int i = 0; i < 24 && hi - lo > 0.05; i++) {
		double mid = (lo + hi) / 2;
		if (render_wrap(ctx, f, size, text, mid, out, max) <= n)
			hi = mid;
		else
			lo = mid;
	}
	return render_wrap(ctx, f, size, text, hi, out, max);
}

/* What a caption may do to fit, and whether all of it did. */
struct setter {
	struct render_ctx *ctx;
	struct render_layout *l;
	const struct render_fit *fit;
	bool fits;
};

/*
** One caption line within w: whole if it fits, else its short form
** (fit->abbreviate) if that fits, else wrapped (fit->wrap); centred over
** [left, left + w] or flush left; y advances.  A line that cannot be set
** as the fit allows is set whole and the layout marked as not fitting.
*/
static void place(struct setter *st, const char *text, const char *short_text, enum render_font f,
                  double w, double left, bool centre, double *y)
{
	struct render_ctx *ctx = st->ctx;
	struct render_layout *l = st->l;
	const struct render_fit *fit = st->fit;
	struct render_span sp[RENDER_MAX_TEXT];
	double ts = l->text_size;
	const double slack = 1e-6;
	bool has_short = short_text && short_text[0];
	int n;
	if (render_text_width(&ctx->fonts, f, ts, text) <= w + slack) {
		sp[0].start = 0, sp[0].len = (int)strlen(text), n = 1;
	} else if (fit->abbreviate && has_short &&
	           render_text_width(&ctx->fonts, f, ts, short_text) <= w + slack) {
		text = short_text;
		sp[0].start = 0, sp[0].len = (int)strlen(text), n = 1;
	} else if (fit->wrap) {
		if (fit->abbreviate && has_short)
			text = short_text;
		n = wrap_even(ctx, f, ts, text, w, sp, RENDER_MAX_TEXT);
		st->fits &= widest_word(ctx, f, ts, text) <= w + slack;
	} else {
		sp[0].start = 0, sp[0].len = (int)strlen(text), n = 1;
		st->fits = false;
	}
	for (int k = 0; k < n; k++) {
		double tw = centre ? render_text_width_n(&ctx->fonts, f, ts, text + sp[k].start,
		                                         (size_t)sp[k].len)
		                   : 0;
		if (!add_text(l, text + sp[k].start, sp[k].len, f, ts,
		              centre ? left + (w - tw) / 2 : left, *y + 0.9 * ts)) {
			st->fits = false;
			return;
		}
		*y += 1.25 * ts;
	}
}

/* The width a line takes once placed within w (as place() sets it). */
static double placed_width(struct setter *st, const char *text, const char *short_text,
                           enum render_font f, double w)
{
	double ts = st->l->text_size, full = render_text_width(&st->ctx->fonts, f, ts, text);
	if (full <= w)
		return full;
	if (st->fit->abbreviate && short_text && short_text[0]) {
		double sw = render_text_width(&st->ctx->fonts, f, ts, short_text);
		if (sw <= w || !st->fit->wrap)
			return sw;
	}
	return st->fit->wrap ? w : full;
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

double render_caption_size(const struct render_opts *o, double w)
{
	/* Magazine text is ~9 pt beside a 45 mm board; big boards (web) get
	   bigger text, but slower than the board grows.  The same rule for
	   pixels and points, so a PNG and a PDF of one size match. */
	if (o->text_size > 0)
		return o->text_size;
	if (o->dpi > 0) {
		/* a PNG at a resolution: its text in points, as a PDF's */
		double pt = w * 72 / o->dpi;
		return clamp(0.07 * pt, 7, pt * 0.04 > 14 ? pt * 0.04 : 14) * o->dpi / 72;
	}
	return clamp(0.07 * w, o->snap ? 10 : 7, w * 0.04 > 14 ? w * 0.04 : 14);
}

void render_layout(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                   struct render_layout *l)
{
	double w = o->size > 0 ? o->size : render_default_size(o->format);
	struct render_fit fit = {render_caption_size(o, w), 0, false, true};
	render_layout_fit(ctx, d, o, w, &fit, l);
}

bool render_layout_fit(struct render_ctx *ctx, const struct diagram *d, const struct render_opts *o,
                       double w, const struct render_fit *fit, struct render_layout *l)
{
	bool png = o->snap;
	memset(l, 0, sizeof *l);
	l->files = d->game ? d->game->files : 8;
	l->ranks = d->game ? d->game->ranks : 8;
	frame_geometry(d, o, w, l);
	double ft = l->frame_out + l->frame_gap + l->frame_in;
	struct setter st = {ctx, l, fit, true};

	l->text_size = fit->text_size;
	l->coord_size = 0.8 * l->text_size;
	double ts = l->text_size;
	double margin = px(png, 0.9 * ts, 2);
	double coord_w = o->coords && !d->skipped ? px(png, 1.3 * l->coord_size, 0) : 0;
	double coord_h = o->coords && !d->skipped ? px(png, 1.5 * l->coord_size, 0) : 0;
	bool caption = !o->no_caption || d->skipped;

	/* The stipulation line's right-hand part: C+ and the count, one unit. */
	double right_w = 0, gap = ts;
	if (caption) {
		right_w = render_text_width(&ctx->fonts, FONT_REGULAR, ts, d->count);
		if (d->proved[0])
			right_w +=
			    render_text_width(&ctx->fonts, FONT_REGULAR, ts, d->proved) + 0.6 * ts;
	}
	double stip_w = caption ? render_text_width(&ctx->fonts, FONT_REGULAR, ts, d->stip) : 0;

	/* The text block: as wide as the framed board with room for its
	   coordinates on both sides (so it stays centred); as wide as the
	   fit gives (a booklet's cell), or else widened for a word wider than
	   the board. */
	double board_w = l->frame_w + 2 * coord_w;
	double inner = fit->text_w > 0 ? fmax(fit->text_w, board_w) : board_w;
	if (caption && fit->text_w <= 0) {
		for (int i = 0; i < d->nhead; i++)
			inner = fmax(inner, widest_word(ctx, d->head_font[i], ts, d->head[i]));
		for (int i = 0; i < d->nfoot; i++)
			inner = fmax(inner, widest_word(ctx, d->foot_font[i], ts, d->foot[i]));
		inner = fmax(inner, widest_word(ctx, FONT_REGULAR, ts, d->stip) + gap + right_w);
	}
	l->width = inner + 2 * margin;
	if (png)
		l->width = ceil(l->width);
	l->frame_x = px(png, (l->width - l->frame_w) / 2, 0);
	double left = (l->width - inner) / 2, centre = l->width / 2;

	/* Top to bottom: heading lines, board, coordinates, stipulation line,
	   the lines under it. */
	double y = margin;
	if (caption) {
		for (int i = 0; i < d->nhead; i++)
			place(&st, d->head[i], d->head_short[i], d->head_font[i], inner, left, true,
			      &y);
		if (d->nhead)
			y += 0.35 * ts;
	}
	l->frame_y = px(png, y, 0);
	l->bx = l->frame_x + ft;
	l->by = l->frame_y + ft;
	if (d->skipped) {
		/* the reason where the board would be */
		struct render_fit wrap = *fit;
		struct setter in = {ctx, l, &wrap, true};
		double pad = 0.6 * ts, ry = l->by + pad;
		wrap.wrap = true;
		place(&in, "not drawn:", NULL, FONT_ITALIC, l->frame_w - 2 * pad - 2 * ft,
		      l->bx + pad, false, &ry);
		place(&in, d->reason, NULL, FONT_REGULAR, l->frame_w - 2 * pad - 2 * ft,
		      l->bx + pad, false, &ry);
		l->frame_h = fmax(l->frame_h, ry - l->frame_y + pad);
	}
	y = l->frame_y + l->frame_h + coord_h;
	if (caption && !d->skipped) {
		double base = y + 0.55 * ts;
		/* The lines under the board start at the frame's left edge; when
		   one is wider than the frame, each is centred under the board. */
		double foot_w = 0;
		for (int i = 0; i < d->nfoot; i++)
			foot_w = fmax(foot_w, placed_width(&st, d->foot[i], d->foot_short[i],
			                                   d->foot_font[i], inner));
		bool foot_centred = foot_w > l->frame_w;
		double fl = foot_centred ? left : l->frame_x;
		/* the stipulation, and beside it C+ and the count, flush right:
		   under the frame's edges, or centred when wider than the frame;
		   a stipulation too long for that has the line, and they go
		   under it */
		double need = stip_w + gap + right_w, sl, sr;
		bool beside = true;
		if (need <= l->frame_w) {
			sl = l->frame_x;
			sr = l->frame_x + l->frame_w;
		} else if (need <= inner + 1e-6) {
			sl = centre - need / 2;
			sr = sl + need;
		} else {
			beside = false;
			st.fits &= fit->wrap;
			sl = fmax(left, fmin(l->frame_x, centre - stip_w / 2));
			sr = fmax(l->frame_x + l->frame_w, fmin(left + inner, sl + stip_w));
		}
		double stip_y = base;
		place(&st, d->stip, NULL, FONT_REGULAR, beside ? sr - sl : left + inner - sl, sl,
		      false, &stip_y);
		double count_base = (beside ? base : stip_y) + 0.9 * ts;
		if (d->proved[0])
			add_text(l, d->proved, (int)strlen(d->proved), FONT_REGULAR, ts,
			         sr - right_w, count_base);
		double count_w = render_text_width(&ctx->fonts, FONT_REGULAR, ts, d->count);
		add_text(l, d->count, (int)strlen(d->count), FONT_REGULAR, ts, sr - count_w,
		         count_base);
		y = beside ? fmax(stip_y, base + 1.25 * ts) : stip_y + 1.25 * ts;
		for (int i = 0; i < d->nfoot; i++)
			place(&st, d->foot[i], d->foot_short[i], d->foot_font[i], left + inner - fl,
			      fl, foot_centred, &y);
		y -= 0.05 * ts; /* the last baseline + 0.3 of the text size */
	}
	l->height = y + margin;
	if (png)
		l->height = ceil(l->height);
	return st.fits;
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
		render_coords(&ctx->fonts, cr, l, o);
	}
	if (o->format != RENDER_SVG)
		render_caption(&ctx->fonts, cr, l); /* SVG: real text, added by output.c */
}
