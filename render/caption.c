/*
** caption.c -- the words around a diagram, in the print convention:
** above, number/title and authors in bold, source in italic, award upright;
** below, the stipulation on the left and the piece count on the right.
*/
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "render_int.h"
#include "textsafe.h"

/* Side names some puzzles ask for (caption_style: seed), by game. */
static const struct {
	const char *game;
	const char *side[2];
} seed_names[] = {
    {"upuaut", {"South Pharaoh", "North Pharaoh"}},
};

static const char *side_label(const struct puzzle *p, int side)
{
	if (p->caption_style && strcmp(p->caption_style, "seed") == 0)
		for (size_t i = 0; i < sizeof seed_names / sizeof seed_names[0]; i++)
			if (strcmp(seed_names[i].game, p->game->id) == 0)
				return seed_names[i].side[side];
	return p->game->side_name[side] ? p->game->side_name[side] : (side ? "Black" : "White");
}

static void stip_text(const struct puzzle *p, char *buf, size_t len);

/* The stipulation, then the rule options the problem changes: a reader
   of the diagram must know them to solve it. */
void render_stip_text(const struct puzzle *p, char *buf, size_t len)
{
	stip_text(p, buf, len);
	if (p->rules_text) {
		size_t have = strlen(buf);
		if (have + 2 < len) {
			memcpy(buf + have, "; ", 3);
			text_copy(buf + have + 2, len - have - 2, p->rules_text);
		}
	}
}

static void stip_text(const struct puzzle *p, char *buf, size_t len)
{
	int stm = p->game->side_to_move ? p->game->side_to_move(p->pos) : 0;
	const char *side = side_label(p, stm != 0);
	if (!p->has_stip) {
		snprintf(buf, len, "%s to move", side);
		return;
	}
	const char *t = p->stip.text;
	/* Problem notation ("#2", "h#3", "=2") is printed as written. */
	if (strchr(t, '#') || t[0] == '=' || !t[0]) {
		text_copy(buf, len, t);
		return;
	}
	if (p->stip.kind == STIP_DIRECT) {
		snprintf(buf, len, "%s to win in %d", side, p->stip.n);
		return;
	}
	text_copy(buf, len, t);
	buf[0] = (char)toupper((unsigned char)buf[0]);
}

static void append(char *buf, size_t len, const char *s, size_t n)
{
	size_t have = strlen(buf);
	if (have + 1 >= len)
		return;
	if (n > len - 1 - have)
		n = text_fit(s, n, len - 1 - have); /* never inside a character */
	memcpy(buf + have, s, n);
	buf[have + n] = 0;
}

static const char *trim(const char *s, const char *end, size_t *n)
{
	while (s < end && isspace((unsigned char)*s))
		s++;
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*n = (size_t)(end - s);
	return s;
}

/* "Loyd, Samuel; Healey, Frederic" -> "Samuel Loyd & Frederic Healey". */
static void format_authors(const char *in, char *buf, size_t len)
{
	int total = 1, i = 0;
	for (const char *c = in; *c; c++)
		total += *c == ';';
	buf[0] = 0;
	while (*in) {
		const char *end = strchr(in, ';');
		if (!end)
			end = in + strlen(in);
		const char *comma = memchr(in, ',', (size_t)(end - in));
		size_t n1, n2;
		if (i > 0)
			append(buf, len, i == total - 1 ? " & " : ", ", i == total - 1 ? 3 : 2);
		if (comma) {
			const char *given = trim(comma + 1, end, &n2);
			const char *family = trim(in, comma, &n1);
			append(buf, len, given, n2);
			if (n2)
				append(buf, len, " ", 1);
			append(buf, len, family, n1);
		} else {
			const char *name = trim(in, end, &n1);
			append(buf, len, name, n1);
		}
		i++;
		in = *end ? end + 1 : end;
	}
}

static void add_head(struct diagram *d, enum render_font f, const char *text)
{
	if (!text || !*text || d->nhead >= RENDER_HEAD_LINES)
		return;
	/* cut between characters: a cut inside one is no UTF-8, and cairo
	   then draws no text at all (the whole caption was lost, issue 11) */
	text_copy(d->head[d->nhead], sizeof d->head[0], text);
	d->head_font[d->nhead++] = f;
}

void render_caption_build(struct diagram *d, const struct puzzle *p, int number)
{
	char line[256];
	d->nhead = 0;
	line[0] = 0;
	if (number > 0)
		snprintf(line, sizeof line, p->title && *p->title ? "%d. " : "%d", number);
	size_t have = strlen(line);
	text_copy(line + have, sizeof line - have, p->title ? p->title : "");
	add_head(d, FONT_BOLD, line);
	if (p->authors) {
		format_authors(p->authors, line, sizeof line);
		add_head(d, FONT_BOLD, line);
	}
	add_head(d, FONT_ITALIC, p->source);
	add_head(d, FONT_REGULAR, p->award);
	render_stip_text(p, d->stip, sizeof d->stip);
	puzzle_piece_count(p, d->count, sizeof d->count);
}

void render_caption(const struct render_ctx *ctx, cairo_t *cr, const struct render_layout *l)
{
	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int i = 0; i < l->ntext; i++) {
		const struct render_text *t = &l->text[i];
		render_set_font(ctx, cr, t->font, t->size);
		cairo_move_to(cr, t->x, t->y);
		cairo_show_text(cr, t->text);
	}
}

/* File letters under the frame, rank numbers to its left (flip-aware). */
void render_coords(struct render_ctx *ctx, cairo_t *cr, const struct render_layout *l,
                   const struct render_opts *o)
{
	double cs = l->coord_size;
	if (!o->coords)
		return;
	cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
	for (int f = 0; f < l->files; f++) {
		char s[2] = {(char)('a' + f), 0};
		double x, y;
		render_square_xy(l, o->flip, f, 0, &x, &y);
		double w = render_text_width(ctx, FONT_REGULAR, cs, s);
		render_set_font(ctx, cr, FONT_REGULAR, cs);
		cairo_move_to(cr, x + (l->sq - w) / 2, l->frame_y + l->frame_h + 1.05 * cs);
		cairo_show_text(cr, s);
	}
	for (int r = 0; r < l->ranks; r++) {
		char s[2] = {(char)('1' + r), 0};
		double x, y;
		render_square_xy(l, o->flip, 0, r, &x, &y);
		double w = render_text_width(ctx, FONT_REGULAR, cs, s);
		render_set_font(ctx, cr, FONT_REGULAR, cs);
		cairo_move_to(cr, l->frame_x - 0.45 * cs - w, y + l->sq / 2 + 0.33 * cs);
		cairo_show_text(cr, s);
	}
}
