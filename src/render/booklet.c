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
#include "render/booklet.h"
#include "render/context.h"
#include "render/fonts.h"
#include "render/layout.h"

#define MM (72.0 / 25.4)

struct page {
	double w, h; /* paper */
	double margin, head_h, foot_h;
	double x0, y0, cw, ch; /* the area between header and footer */
	int number;
};

void render_paper_size(enum render_paper p, double *w, double *h)
{
	static const double size[][2] = {
	    [PAPER_A4] = {210 * MM, 297 * MM},
	    [PAPER_LETTER] = {612, 792},
	    [PAPER_A5] = {148 * MM, 210 * MM},
	};
	*w = size[p][0];
	*h = size[p][1];
}

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
	double w = render_text_width(&ctx->fonts, f, size, buf);
	render_set_font(&ctx->fonts, cr, f, size);
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

/*
** The board first.  Each cell of the page's grid gives its board a fixed
** share: at most BOARD_SHARE of the cell's height and the cell's width less
** a margin, and never more than BOARD_MAX.  Every board of the booklet has
** the same squares, the largest that every board shape in it (8x8, 5x6,
** 9x9) gets within that share; so a page of chess diagrams has boards of
** one width, whatever their captions hold.  The caption is then fitted to
** what the board leaves (fit_page).  Boards whose squares would be under
** SQUARE_MIN are not legible, and the booklet is refused with a message.
*/
#define BOARD_SHARE 0.55
#define BOARD_MAX (90 * MM)
#define SIDE_MARGIN (4 * MM)
#define SQUARE_MIN (3.2 * MM)
/* caption type: from the board's width; shrunk at most to TEXT_SOFT_MIN
   of it (and TEXT_MIN) before a line takes its short form or wraps, and
   to TEXT_MIN, no further, before the booklet is refused */
#define TEXT_SOFT_MIN 0.8
#define TEXT_MIN 6.0
#define TEXT_STEP 0.25

/* A board's frame is 2.5% of its width on each side (layout.c): the width
   that gives squares of sq. */
static double board_width(double sq, int files)
{
	return files * sq / 0.95;
}

struct grid {
	int per, cols, rows;
	double cell_w, cell_h;
	double sq; /* the booklet's square size */
};

/* Columns for a portrait page: cells about 3 wide to 4 high (a board with
   its caption), none of them an empty column (2: one above the other,
   4: 2x2, 6: 2x3, 8: 3x3, 12: 3x4 on A4). */
static void grid_shape(const struct page *pg, int per, struct grid *g)
{
	g->per = per;
	g->cols = (int)lround(sqrt(per * pg->cw / (0.75 * pg->ch)));
	g->cols = g->cols < 1 ? 1 : g->cols > per ? per : g->cols;
	g->rows = (per + g->cols - 1) / g->cols;
	while (g->cols > 1 && (g->cols - 1) * g->rows >= per)
		g->cols--;
	g->cell_w = pg->cw / g->cols;
	g->cell_h = pg->ch / g->rows;
}

static int files_of(const struct diagram *d)
{
	return d->game ? d->game->files : 8;
}

static int ranks_of(const struct diagram *d)
{
	return d->game ? d->game->ranks : 8;
}

/* The largest squares with which a board of files x ranks keeps to its share. */
static double shape_square(const struct grid *g, int files, int ranks)
{
	double w = fmin(g->cell_w - 2 * SIDE_MARGIN, BOARD_MAX);
	/* the frame adds 5% of the width to the height as well */
	double by_w = w * 0.95 / files;
	double by_h = BOARD_SHARE * g->cell_h / (ranks + 0.05 * files / 0.95);
	return fmin(by_w, by_h);
}

/* One square size for every board of a page (8x8 when there are none to
   draw): a page of Upuaut's 5x6 boards has larger squares than a page
   that also holds a 9x9 tafl board. */
static double grid_square(const struct grid *g, const struct diagram *d, int n)
{
	double sq = HUGE_VAL;
	for (int i = 0; i < n; i++)
		if (!d[i].skipped)
			sq = fmin(sq, shape_square(g, files_of(&d[i]), ranks_of(&d[i])));
	return isfinite(sq) ? sq : shape_square(g, 8, 8);
}

/* The caption type beside the page's boards: ~9 pt beside 45 mm, as
   magazines set it. */
static double base_text(const struct grid *g, const struct diagram *d, int n)
{
	int files = 0;
	for (int i = 0; i < n; i++)
		files = files_of(&d[i]) > files ? files_of(&d[i]) : files;
	double board_mm = board_width(g->sq, files ? files : 8) / MM;
	return fmin(fmax(6 + 0.06 * board_mm, 7.5), 11);
}

struct cell {
	struct render_opts o;
	struct render_layout l;
};

/* Does the page of diagrams d[0..count) fit its cells with the caption
   set as fit says?  The frames of a row are aligned, so a row needs its
   tallest heading and its tallest foot.  *bad: a diagram that did not. */
static bool fit_page(struct render_ctx *ctx, const struct diagram *d, int count,
                     const struct grid *g, struct render_fit *fit, struct cell *c, int *bad)
{
	for (int k = 0; k < count; k++) {
		fit->text_w = g->cell_w - 2 * 0.9 * fit->text_size;
		if (!render_layout_fit(ctx, &d[k], &c[k].o, c[k].o.size, fit, &c[k].l) ||
		    c[k].l.width > g->cell_w + 1e-6) {
			*bad = k;
			return false;
		}
	}
	for (int r = 0; r * g->cols < count; r++) {
		double head = 0, board_h = 0, foot = 0, worst_h = -1;
		int last = (r + 1) * g->cols < count ? (r + 1) * g->cols : count;
		for (int k = r * g->cols; k < last; k++) {
			const struct render_layout *l = &c[k].l;
			double f = l->height - l->frame_y - l->frame_h;
			head = fmax(head, l->frame_y);
			board_h = fmax(board_h, l->frame_h);
			foot = fmax(foot, f);
			if (l->height > worst_h)
				worst_h = l->height, *bad = k;
		}
		if (head + board_h + foot > g->cell_h + 1e-6)
			return false;
	}
	return true;
}

/*
** The caption type of a page, one size for all its diagrams: the largest
** with which every line is whole; else the largest (not under the soft
** minimum) with lines in their short forms; else wrapped, down to
** TEXT_MIN.  False when nothing fits (bad: the diagram that did not).
*/
static bool set_page(struct render_ctx *ctx, const struct diagram *d, int count,
                     const struct grid *g, const struct render_opts *o, struct cell *c, int *bad)
{
	static const bool levels[][2] = {{false, false}, {true, false}, {true, true}};
	double base = o->text_size > 0 ? o->text_size : base_text(g, d, count);
	double soft = fmax(TEXT_MIN, TEXT_SOFT_MIN * base);
	for (int k = 0; k < count; k++) {
		c[k].o = *o;
		c[k].o.size = board_width(g->sq, files_of(&d[k]));
	}
	for (int lv = 0; lv < 3; lv++) {
		double lowest = lv == 2 ? fmin(TEXT_MIN, base) : fmin(soft, base);
		for (double ts = base; ts >= lowest - 1e-9; ts -= TEXT_STEP) {
			struct render_fit fit = {ts, 0, levels[lv][0], levels[lv][1]};
			if (fit_page(ctx, d, count, g, &fit, c, bad))
				return true;
		}
	}
	return false;
}

static const char *const paper_names[] = {"A4", "Letter", "A5"};

enum plan { PLAN_OK, PLAN_SQUARES, PLAN_CAPTION };

/*
** Can the booklet be laid out per diagrams a page?  Every page is set
** (into c, room for per cells) before anything is drawn, so a refusal
** draws nothing.  *bad: the diagram whose caption did not fit.
*/
static enum plan plan(struct render_ctx *ctx, const struct page *pg, const struct diagram *d, int n,
                      const struct render_opts *o, int per, struct grid *g, struct cell *c,
                      int *bad)
{
	grid_shape(pg, per, g);
	for (int first = 0; first < n; first += per) {
		int count = n - first < per ? n - first : per;
		g->sq = grid_square(g, d + first, count);
		if (g->sq < SQUARE_MIN - 1e-9)
			return PLAN_SQUARES;
		if (!set_page(ctx, d + first, count, g, o, c, bad)) {
			*bad += first;
			return PLAN_CAPTION;
		}
	}
	return PLAN_OK;
}

/* Why per_page does not fit, and how many a page would. */
static void refusal(struct render_ctx *ctx, const struct page *pg, const struct diagram *d, int n,
                    const struct render_opts *o, enum plan why, const struct grid *g, int bad,
                    struct cell *c, char *err, size_t errlen)
{
	/* the most a page that does fit, by bisection (more a page: smaller
	   boards and cells) */
	int lo = 0, hi = o->per_page;
	while (hi - lo > 1) {
		int mid = (lo + hi) / 2, b;
		struct grid t;
		if (plan(ctx, pg, d, n, o, mid, &t, c, &b) == PLAN_OK)
			lo = mid;
		else
			hi = mid;
	}
	char most[96];
	if (lo)
		snprintf(most, sizeof most, "at most %d a page fit on %s", lo,
		         paper_names[o->paper]);
	else
		snprintf(most, sizeof most, "not even one a page fits on %s",
		         paper_names[o->paper]);
	if (why == PLAN_SQUARES) {
		snprintf(err, errlen,
		         "--per-page %d: the boards would have squares of %.1f mm on %s paper, too "
		         "small to read (%.1f mm at least); %s",
		         o->per_page, g->sq / MM, paper_names[o->paper], SQUARE_MIN / MM, most);
		return;
	}
	const struct puzzle *p = d[bad].puzzle;
	snprintf(err, errlen,
	         "--per-page %d: the caption of diagram %d (%s:%d) does not fit beside its "
	         "%.0f mm board on %s paper, even in %.0f pt type; %s",
	         o->per_page, d[bad].number, p && p->file ? p->file : "-", p ? p->line : 0,
	         board_width(g->sq, files_of(&d[bad])) / MM, paper_names[o->paper], TEXT_MIN, most);
}

/* Where diagram k goes; the frames of a row aligned, the row centred in
   its cells' height. */
static void draw_page(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d, int count,
                      const struct grid *g, const struct page *pg, const struct cell *c)
{
	for (int r = 0; r * g->cols < count; r++) {
		double head = 0, foot = 0, board_h = 0;
		int last = (r + 1) * g->cols < count ? (r + 1) * g->cols : count;
		for (int k = r * g->cols; k < last; k++) {
			const struct render_layout *l = &c[k].l;
			head = fmax(head, l->frame_y);
			board_h = fmax(board_h, l->frame_h);
			foot = fmax(foot, l->height - l->frame_y - l->frame_h);
		}
		double top = pg->y0 + r * g->cell_h + (g->cell_h - head - board_h - foot) / 2;
		for (int k = r * g->cols; k < last; k++) {
			const struct render_layout *l = &c[k].l;
			double x = pg->x0 + (k % g->cols) * g->cell_w + (g->cell_w - l->width) / 2;
			cairo_save(cr);
			cairo_translate(cr, x, top + head - l->frame_y);
			render_draw(ctx, cr, &d[k], l, &c[k].o);
			cairo_restore(cr);
		}
	}
}

static int diagram_pages(struct render_ctx *ctx, cairo_t *cr, const struct diagram *d, int n,
                         const struct render_opts *o, struct page *pg, char *err, size_t errlen)
{
	struct grid g;
	int bad = 0, per = o->per_page;
	struct cell *c = malloc((size_t)per * sizeof *c);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	enum plan why = plan(ctx, pg, d, n, o, per, &g, c, &bad);
	if (why != PLAN_OK) {
		refusal(ctx, pg, d, n, o, why, &g, bad, c, err, errlen);
		free(c);
		return -1;
	}
	for (int first = 0; first < n; first += per) {
		int count = n - first < per ? n - first : per;
		g.sq = grid_square(&g, d + first, count);
		set_page(ctx, d + first, count, &g, o, c, &bad);
		page_begin(ctx, cr, o, pg);
		draw_page(ctx, cr, d + first, count, &g, pg, c);
		cairo_show_page(cr);
	}
	free(c);
	return 0;
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

/*
** A line of play wrapped as a magazine sets it.  It breaks only before a
** move number ("3.", "3...") or a "but", never between a defence and the
** answer after it ("3...Kc5 4.Qd4#" stays whole), nor leaves one move
** alone on the last line: the break before it moves back by one such
** piece.  A piece wider than the line breaks between its words.  w1 is
** the first line's width, w2 the others' (they hang further in).
*/
static bool move_number(const char *s, bool *defence)
{
	const char *d = s;
	while (*d >= '0' && *d <= '9')
		d++;
	*defence = d > s && !strncmp(d, "...", 3);
	return d > s && *d == '.';
}

/* Where the piece that starts at u ends (the blank after it, or the end). */
static int piece_end(const char *text, int len, int u)
{
	int word = u, words = 0;
	bool first_defence = false, but = false;
	for (;;) {
		int e = word;
		while (e < len && text[e] != ' ')
			e++;
		bool defence;
		if (words++ == 0)
			first_defence = move_number(text + word, &defence) && defence;
		but = e - word == 3 && !strncmp(text + word, "but", 3);
		int next = e;
		while (next < len && text[next] == ' ')
			next++;
		if (next >= len)
			return e;
		bool numbered = move_number(text + next, &defence);
		bool starts = numbered || !strncmp(text + next, "but ", 4);
		/* glued: "1...Kd5 2.Kd3", "but 1...Kg3!" */
		bool glued =
		    (words == 1 && first_defence && numbered && !defence) || (but && numbered);
		if (starts && !glued)
			return e;
		word = next;
	}
}

static int solution_wrap(struct render_ctx *ctx, enum render_font f, const char *text, double w1,
                         double w2, struct render_span *out, int max)
{
	int n = 0, len = (int)strlen(text), pos = 0;
	int last_piece = -1; /* where the last piece of line n-1 starts */
	int prev_last_piece = -1;
	while (pos < len && text[pos] == ' ')
		pos++;
	while (pos < len && n < max) {
		double w = n ? w2 : w1;
		int end = -1, u = pos, lp = pos;
		for (;;) {
			int e = piece_end(text, len, u);
			if (render_text_width_n(&ctx->fonts, f, SOL_SIZE, text + pos,
			                        (size_t)(e - pos)) > w)
				break;
			end = e, lp = u;
			while (e < len && text[e] == ' ')
				e++;
			if (e >= len)
				break;
			u = e;
		}
		if (end < 0) {
			/* the first piece alone is too wide: its words, as any text */
			struct render_span one;
			render_wrap(ctx, f, SOL_SIZE, text + pos, w, &one, 1);
			end = pos + one.len;
			lp = pos;
		}
		out[n].start = pos;
		out[n++].len = end - pos;
		prev_last_piece = last_piece;
		last_piece = lp;
		pos = end;
		while (pos < len && text[pos] == ' ')
			pos++;
	}
	/* one move alone on the last line: the piece before it goes with it */
	if (n >= 2 && !memchr(text + out[n - 1].start, ' ', (size_t)out[n - 1].len) &&
	    prev_last_piece > out[n - 2].start) {
		int from = prev_last_piece, to = out[n - 1].start + out[n - 1].len;
		if (render_text_width_n(&ctx->fonts, f, SOL_SIZE, text + from,
		                        (size_t)(to - from)) <= w2) {
			int cut = from;
			while (cut > out[n - 2].start && text[cut - 1] == ' ')
				cut--;
			out[n - 2].len = cut - out[n - 2].start;
			out[n - 1].start = from;
			out[n - 1].len = to - from;
		}
	}
	return n;
}

/* The hanging indent of a wrapped line of play: two and a half steps of
   the variations' indentation (1.2 x SOL_SIZE a step), so that it stands
   deeper than any line below it that starts a variation (a defence one
   step in, a second threat two) and on no step of its own. */
#define SOL_HANG (3.0 * SOL_SIZE)

/* One line of text, wrapped within the column: the first piece at indent,
   the rest a little further in (a line of play: hanging at SOL_HANG,
   broken as solution_wrap() breaks it). */
static void flow_wrapped(struct flow *fl, enum render_font f, double indent, const char *raw,
                         bool play)
{
	/* cleaned here, whatever the caller built it of: a verdict quotes the
	   file's claim, which may hold a noncharacter (cairo draws nothing
	   after one) -- fuzz_drawtext found it */
	char text[2048]; /* more than any caller's line (1024) */
	render_copy_text(text, sizeof text, raw);
	struct render_span sp[RENDER_MAX_TEXT];
	/* a deep tree's indent leaves the line 12 ems of the column, as
	   LaTeX's \maatline: deeper, its lines went past the page's edge and
	   the deepest were not drawn at all (a #30's last ten plies) */
	double room = fl->col_w - 12 * SOL_SIZE;
	if (indent > room)
		indent = room > 0 ? room : 0;
	double w = fl->col_w - indent, hang = play ? SOL_HANG : 1.2 * SOL_SIZE;
	int n = play ? solution_wrap(fl->ctx, f, text, w, w - hang, sp, RENDER_MAX_TEXT)
	             : render_wrap(fl->ctx, f, SOL_SIZE, text, w - hang, sp, RENDER_MAX_TEXT);
	char buf[1024];
	for (int k = 0; k < n; k++) {
		flow_room(fl, SOL_LINE);
		double x = fl->pg->x0 + fl->col * (fl->col_w + fl->gap) + indent + (k ? hang : 0);
		snprintf(buf, sizeof buf, "%.*s", sp[k].len, text + sp[k].start);
		cairo_set_source_rgb(fl->cr, 0, 0, 0);
		render_set_font(&fl->ctx->fonts, fl->cr, f, SOL_SIZE);
		cairo_move_to(fl->cr, x, fl->y + 0.8 * SOL_SIZE);
		cairo_show_text(fl->cr, buf);
		fl->y += SOL_LINE;
	}
}

static void flow_text(struct flow *fl, enum render_font f, double indent, const char *raw)
{
	flow_wrapped(fl, f, indent, raw, false);
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
			flow_wrapped(fl, f, spaces * 0.3 * SOL_SIZE, line + spaces, true);
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
	/* a booklet of one diagram numbers none: "Samuel Loyd, #3", not "0." */
	char num[16] = "";
	if (d->number > 0)
		snprintf(num, sizeof num, "%d.", d->number);
	snprintf(line, sizeof line, "%s%s%s%s%s", num, num[0] && head[0] ? " " : "", head,
	         d->skipped || !(num[0] || head[0]) ? ""
	         : head[0]                          ? ", "
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
			snprintf(line, sizeof line, "maat: %s", pr->verdict ? pr->verdict : "");
			flow_text(fl, FONT_ITALIC, 0, line);
		}
	} else if (p && p->solution) {
		snprintf(line, sizeof line, "as given%s%s%s", pr ? " (not checked by maat: " : "",
		         pr && pr->verdict ? pr->verdict : "", pr ? ")" : "");
		flow_text(fl, FONT_ITALIC, 0, line);
		flow_lines(fl, FONT_REGULAR, p->solution);
	} else {
		snprintf(line, sizeof line, "no solution%s%s", pr && pr->verdict ? ": " : "",
		         pr && pr->verdict ? pr->verdict : "");
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
	render_set_font(&ctx->fonts, cr, FONT_BOLD, 14);
	cairo_move_to(cr, pg->x0, fl.y + 12);
	cairo_show_text(cr, "Solutions");
	fl.y += 24;
	for (int i = 0; i < n; i++)
		solution_entry(&fl, &d[i]);
	if (fl.open)
		cairo_show_page(cr);
}

int render_booklet(struct render_ctx *ctx, cairo_surface_t *s, cairo_t *cr, const struct diagram *d,
                   int n, const struct render_opts *o, char *err, size_t errlen)
{
	struct page pg;
	page_setup(o, &pg);
	cairo_pdf_surface_set_size(s, pg.w, pg.h);
	if (diagram_pages(ctx, cr, d, n, o, &pg, err, errlen) < 0)
		return -1;
	if (o->solutions)
		solution_pages(ctx, cr, d, n, o, &pg);
	return 0;
}
