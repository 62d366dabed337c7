/*
** yaml_stream.c -- the YAML reader's input: the bytes of a file (UTF-8, or UTF-16
** with its byte order mark) through libyaml's events into one tree a
** document, each handed to yaml.c to become one puzzle.
**
** libyaml's event parser feeds a small tree per document (children kept in
** a per-document arena, freed as soon as the document has been turned into
** a puzzle).  The tree is built by us, not by libyaml's document loader, so
** that the limits hold before anything big is built: nesting depth, scalar
** length, values per document, and no aliases at all -- an alias is refused,
** never expanded, which rules out alias bombs.
**
** Every document becomes one puzzle; whatever is wrong with it goes into
** that puzzle's `error` or `unsupported`, and the next document is read.
** libyaml cannot resume after a syntax error: the puzzles read so far are
** kept and one more puzzle carries the error.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "base/textsafe.h"
#include "input/load.h"
#include "input/yaml_tree.h"

/* ------------------------------------------------------------------ arena */

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

static void *arena_alloc(struct arena *a, size_t n)
{
	n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	struct chunk *c = a->head;
	if (!c || c->size - c->used < n) {
		size_t size = n > 65536 ? n : 65536;
		c = malloc(sizeof *c + size);
		if (!c)
			return NULL;
		c->next = a->head;
		c->used = 0;
		c->size = size;
		a->head = c;
	}
	void *p = (char *)c->data + c->used;
	c->used += n;
	return p;
}

static void arena_free(struct arena *a)
{
	while (a->head) {
		struct chunk *next = a->head->next;
		free(a->head);
		a->head = next;
	}
}

/* ---------------------------------------------------------- the stream */

static void doc_fail(struct loader *L, const yaml_mark_t *m, const char *msg)
{
	if (L->failed)
		return;
	L->failed = true;
	snprintf(L->fail, sizeof L->fail, "%s", msg);
	L->fail_line = (int)m->line + 1;
	L->fail_col = (int)m->column + 1;
}

static void doc_reset(struct loader *L)
{
	arena_free(&L->arena);
	L->in_doc = L->failed = false;
	L->root = NULL;
	L->depth = L->nodes = 0;
}

/* A puzzle (at line pline) made only to carry an error at line:col. */
static void error_puzzle(struct loader *L, int pline, int line, int col, const char *msg)
{
	struct puzzle *p = input_new_puzzle(&L->r, pline);
	if (p)
		p->error = input_printf(&L->r, "%s:%d:%d: %s", L->r.name, line, col, msg);
}

static void doc_finish(struct loader *L)
{
	if (L->failed) {
		error_puzzle(L, L->doc_line, L->fail_line, L->fail_col, L->fail);
	} else if (L->root && L->depth == 0 && !yr_is_null(L->root)) {
		yr_interpret(L, L->root); /* depth 0: every mapping has its values */
	}
	/* an empty document (a stray "---") is no puzzle */
	doc_reset(L);
}

/*
** A collection opened 65 levels deep ends the reading of the file.  Going
** on would cost time quadratic in the file: libyaml's scanner walks every
** open flow level for each token (found with 100000 '[': 45 s; a file of
** 16 MiB of them would take days).  The document's first error stays.
*/
static void too_deep(struct loader *L, const yaml_mark_t *m)
{
	static const char msg[] =
	    "nesting deeper than 64 levels (the rest of the file is not read)";
	if (!L->failed) {
		doc_fail(L, m, msg);
		doc_finish(L);
	} else {
		doc_finish(L);
		error_puzzle(L, (int)m->line + 1, (int)m->line + 1, (int)m->column + 1, msg);
	}
	L->bad_msg[0] = 0; /* a bad byte further on is not read either */
	L->stop = true;
}

static void doc_node(struct loader *L, const yaml_event_t *ev)
{
	bool open = ev->type != YAML_SCALAR_EVENT;
	const yaml_mark_t *m = &ev->start_mark;
	struct node *n;

	if (!L->failed) {
		if (ev->type == YAML_SCALAR_EVENT && ev->data.scalar.length > MAX_SCALAR)
			doc_fail(L, m, "a value is longer than 1 MiB");
		else if (ev->type == YAML_SCALAR_EVENT &&
		         memchr(ev->data.scalar.value, 0, ev->data.scalar.length))
			/* "\0" in a quoted value: C strings would cut the text there */
			doc_fail(L, m, "a NUL character (\\0) in a value");
		else if (++L->nodes > MAX_NODES)
			doc_fail(L, m, "more than 100000 values in one document");
	}
	if (L->failed) {
		L->depth += open;
		return;
	}
	n = arena_alloc(&L->arena, sizeof *n);
	if (!n) {
		L->r.oom = true;
		doc_fail(L, m, "out of memory");
		L->depth += open;
		return;
	}
	memset(n, 0, sizeof *n);
	n->line = (int)m->line + 1;
	n->col = (int)m->column + 1;
	if (ev->type == YAML_SCALAR_EVENT) {
		size_t len = ev->data.scalar.length;
		char *s = arena_alloc(&L->arena, len + 1);
		if (!s) {
			L->r.oom = true;
			doc_fail(L, m, "out of memory");
			return;
		}
		memcpy(s, ev->data.scalar.value, len);
		s[len] = 0;
		n->type = N_SCALAR;
		n->s = s;
		n->len = len;
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		n->literal = ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
	} else {
		n->type = ev->type == YAML_SEQUENCE_START_EVENT ? N_SEQ : N_MAP;
		n->s = "";
	}
	if (L->depth == 0) {
		L->root = n;
	} else {
		struct node *parent = L->stack[L->depth - 1];
		if (parent->last)
			parent->last->next = n;
		else
			parent->kids = n;
		parent->last = n;
		parent->n++;
	}
	if (open)
		L->stack[L->depth++] = n;
}

static void doc_close(struct loader *L)
{
	if (L->depth > 0)
		L->depth--;
	if (!L->failed && L->depth < MAX_DEPTH && L->stack[L->depth]->type == N_MAP)
		L->stack[L->depth]->n /= 2; /* count pairs */
}

/* Line and column (1-based) of a byte offset. */
static void offset_pos(const struct loader *L, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (yr_line_break(L->data, i, L->len)) {
			(*line)++;
			*col = 1;
		} else if (L->data[i] == '\r') {
			continue; /* of "\r\n" */
		} else if (((unsigned char)L->data[i] & 0xC0) != 0x80) {
			(*col)++;
		}
	}
}

/*
** The first byte libyaml's reader would refuse in UTF-8 input: a malformed
** sequence, a surrogate or a control character (YAML 1.1, 5.1).  Returns
** len when there is none.
*/
static size_t first_bad_byte(const char *data, size_t len, char *msg, size_t msglen)
{
	const unsigned char *s = (const unsigned char *)data;
	for (size_t i = 0; i < len;) {
		unsigned c = s[i];
		if (c < 0x80) {
			if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
				snprintf(msg, msglen, "control character 0x%02x is not allowed", c);
				return i;
			}
			if (c == 0x7F) {
				snprintf(msg, msglen, "control character 0x7f is not allowed");
				return i;
			}
			i++;
			continue;
		}
		uint32_t v;
		size_t n = text_char_cp(data + i, len - i, &v);
		if (n == 0) {
			snprintf(msg, msglen, "invalid UTF-8 (byte 0x%02x); the file must be UTF-8",
			         c);
			return i;
		}
		if (v == 0xFFFE || v == 0xFFFF || (v >= 0x80 && v < 0xA0 && v != 0x85)) {
			/* good UTF-8, but not a character YAML takes raw */
			snprintf(msg, msglen, "%s U+%04X is not allowed (write it as \\u%04X)",
			         v < 0xA0 ? "control character" : "character", v, v);
			return i;
		}
		i += n;
	}
	return len;
}

/* The puzzle for the bad byte (see struct loader), once parsing is over. */
static void bad_byte_puzzle(struct loader *L)
{
	int line, col;
	offset_pos(L, L->bad, &line, &col);
	/* the bad line opens a document: the one before it is whole */
	const char *at = L->data + L->len;
	bool opens = strncmp(at, "---", 3) == 0 || strncmp(at, "...", 3) == 0;
	int doc_line = line;
	if (L->pending) {
		L->pending = false;
		if (opens && L->depth == 0)
			doc_finish(L);
		else
			doc_line = L->doc_line;
	}
	doc_reset(L);
	error_puzzle(L, doc_line, line, col, L->bad_msg);
}

/* The byte at 0-based line and column (in characters) of a UTF-8 file. */
static char byte_at(const struct loader *L, size_t line, size_t col)
{
	size_t i = 0;
	if (L->len >= 3 && memcmp(L->data, "\xef\xbb\xbf", 3) == 0)
		i = 3; /* a BOM is no character to libyaml */
	for (; i < L->len && line > 0; i++)
		if (yr_line_break(L->data, i, L->len))
			line--;
	for (; i < L->len; i++) {
		if (((unsigned char)L->data[i] & 0xC0) == 0x80)
			continue;
		if (col-- == 0)
			return L->data[i];
	}
	return 0;
}

static void syntax_error(struct loader *L, const yaml_parser_t *ps)
{
	int line, col;
	if (ps->error == YAML_MEMORY_ERROR) {
		L->r.oom = true;
		return;
	}
	if (ps->error == YAML_READER_ERROR) {
		offset_pos(L, ps->problem_offset < L->len ? ps->problem_offset : L->len, &line,
		           &col);
	} else {
		line = (int)ps->problem_mark.line + 1;
		col = (int)ps->problem_mark.column + 1;
	}
	if (L->bad_msg[0]) {
		int bad_line, bad_col;
		offset_pos(L, L->len, &bad_line, &bad_col);
		if (line >= bad_line) {
			/* the cut before the bad byte caused it: report the byte */
			L->pending = L->in_doc;
			bad_byte_puzzle(L);
			L->bad_msg[0] = 0;
			return;
		}
	}
	if (L->pending) {
		L->pending = false;
		doc_finish(L);
	}
	/* a document complete before the error struck is still a puzzle */
	if (L->in_doc && !L->failed && L->root && L->depth == 0)
		doc_finish(L);
	const char *problem = ps->problem ? ps->problem : "YAML syntax error";
	/* libyaml's words for the commonest slip in a hand-written file */
	if (ps->error == YAML_SCANNER_ERROR &&
	    strcmp(problem, "found character that cannot start any token") == 0 &&
	    byte_at(L, ps->problem_mark.line, ps->problem_mark.column) == '\t')
		problem = "a tab in the indentation (YAML indents with spaces)";
	error_puzzle(L, L->in_doc ? L->doc_line : line, line, col, problem);
	L->bad_msg[0] = 0; /* never reached: the stream stops here */
}

static void run(struct loader *L)
{
	yaml_parser_t ps;
	yaml_event_t ev;

	if (!yaml_parser_initialize(&ps)) {
		L->r.oom = true;
		return;
	}
	yaml_parser_set_input_string(&ps, (const unsigned char *)L->data, L->len);
	while (!L->stop && !L->r.oom) {
		if (!yaml_parser_parse(&ps, &ev)) {
			syntax_error(L, &ps);
			break;
		}
		switch (ev.type) {
		case YAML_DOCUMENT_START_EVENT:
			if (L->pending) {
				L->pending = false;
				doc_finish(L);
			}
			if (L->ndocs++ == INPUT_MAX_PUZZLES) {
				struct puzzle *p =
				    input_new_puzzle(&L->r, (int)ev.start_mark.line + 1);
				if (p)
					p->error = input_printf(
					    &L->r,
					    "%s:%d:%d: more than %d puzzles in one file (the rest "
					    "is ignored)",
					    L->r.name, (int)ev.start_mark.line + 1,
					    (int)ev.start_mark.column + 1, INPUT_MAX_PUZZLES);
				L->stop = true;
				break;
			}
			doc_reset(L);
			L->in_doc = true;
			L->doc_line = (int)ev.start_mark.line + 1;
			break;
		case YAML_DOCUMENT_END_EVENT:
			if (L->bad_msg[0])
				L->pending = true; /* it may be the one cut short */
			else
				doc_finish(L);
			break;
		case YAML_ALIAS_EVENT:
			if (!L->failed)
				L->nodes++;
			doc_fail(L, &ev.start_mark, "aliases are not supported");
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (L->depth >= MAX_DEPTH) {
				too_deep(L, &ev.start_mark);
				break;
			}
			doc_node(L, &ev);
			break;
		case YAML_SCALAR_EVENT:
			doc_node(L, &ev);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			doc_close(L);
			break;
		case YAML_STREAM_END_EVENT:
			L->stop = true;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	if (L->bad_msg[0] && !L->r.oom && L->ndocs <= INPUT_MAX_PUZZLES)
		bad_byte_puzzle(L);
	if (L->pending)
		doc_finish(L);
	doc_reset(L);
	yaml_parser_delete(&ps);
}

/*
** UTF-16 (with its byte order mark, as Windows editors save "Unicode") read
** as UTF-8: every line and column computed here, and the checks for bad
** bytes, then hold for it too.  Returns the new text (*n bytes), or NULL
** with *bad the offset of a lone surrogate or an odd last byte (*bad = len
** when out of memory).
*/
static char *utf16_to_utf8(const unsigned char *s, size_t len, size_t *n, size_t *bad)
{
	bool le = s[0] == 0xFF;
	char *d = malloc(len / 2 * 3 + 1), *o = d;
	*bad = len;
	if (!d)
		return NULL;
	for (size_t i = 2; i < len; i += 2) {
		if (i + 1 >= len) {
			*bad = i;
			free(d);
			return NULL;
		}
		uint32_t c = le ? s[i] | s[i + 1] << 8 : s[i] << 8 | s[i + 1];
		if (c >= 0xD800 && c <= 0xDBFF && i + 3 < len) {
			uint32_t lo = le ? s[i + 2] | s[i + 3] << 8 : s[i + 2] << 8 | s[i + 3];
			if (lo >= 0xDC00 && lo <= 0xDFFF) {
				c = 0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00);
				i += 2;
			}
		}
		if (c >= 0xD800 && c <= 0xDFFF) {
			*bad = i;
			free(d);
			return NULL;
		}
		if (c < 0x80) {
			*o++ = (char)c;
		} else if (c < 0x800) {
			*o++ = (char)(0xC0 | c >> 6);
			*o++ = (char)(0x80 | (c & 0x3F));
		} else if (c < 0x10000) {
			*o++ = (char)(0xE0 | c >> 12);
			*o++ = (char)(0x80 | (c >> 6 & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		} else {
			*o++ = (char)(0xF0 | c >> 18);
			*o++ = (char)(0x80 | (c >> 12 & 0x3F));
			*o++ = (char)(0x80 | (c >> 6 & 0x3F));
			*o++ = (char)(0x80 | (c & 0x3F));
		}
	}
	*n = (size_t)(o - d);
	return d;
}

static int load_utf8(const char *name, const char *data, size_t len, struct collection *out);

int puzzle_load_buffer(const char *name, const char *data, size_t len, struct collection *out)
{
	out->items = NULL;
	out->count = 0;
	if (len > INPUT_MAX_FILE_BYTES)
		return input_file_error(name, out, "file is larger than 16 MiB");
	const unsigned char *u = (const unsigned char *)data;
	if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
		size_t n, bad;
		char *text = utf16_to_utf8(u, len, &n, &bad), msg[64];
		if (!text && bad == len)
			return -1;
		if (!text) {
			if (bad + 1 >= len)
				snprintf(msg, sizeof msg,
				         "UTF-16 text cut in the middle of a character");
			else
				snprintf(msg, sizeof msg,
				         "invalid UTF-16 (a lone surrogate) at byte %zu", bad);
			return input_file_error(name, out, msg);
		}
		int r = load_utf8(name, text, n, out);
		free(text);
		return r;
	}
	return load_utf8(name, data, len, out);
}

static int load_utf8(const char *name, const char *data, size_t len, struct collection *out)
{
	char *shown = input_shown_name(name);
	if (!shown)
		return -1;
	struct loader L = {.r = {.name = shown, .out = out}, .data = data, .len = len};
	L.bad = first_bad_byte(data, len, L.bad_msg, sizeof L.bad_msg);
	/* libyaml checks each %TAG directive against all the others of its
	   document: 100000 of them took minutes.  A real document has one or
	   two.  (Counted per line start, "---" or "..." starting anew.) */
	for (size_t i = 0, ndir = 0; i < L.bad; i++) {
		if (i > 0 && data[i - 1] != '\n' && data[i - 1] != '\r')
			continue;
		if (data[i] == '-' || data[i] == '.')
			ndir = L.bad - i >= 3 && (memcmp(data + i, "---", 3) == 0 ||
			                          memcmp(data + i, "...", 3) == 0)
			           ? 0
			           : ndir;
		else if (data[i] == '%' && ++ndir > MAX_DIRECTIVES) {
			L.bad = i;
			snprintf(L.bad_msg, sizeof L.bad_msg,
			         "more than %d directives (%%YAML, %%TAG) before a document",
			         MAX_DIRECTIVES);
			break;
		}
	}
	if (L.bad < len) {
		size_t start = L.bad;
		while (start > 0 && data[start - 1] != '\n' && data[start - 1] != '\r')
			start--;
		L.len = start;
	}
	run(&L);
	free(shown);
	if (L.r.oom) {
		collection_free(out);
		return -1;
	}
	return 0;
}
