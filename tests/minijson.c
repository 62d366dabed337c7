/*
** minijson.c -- a small recursive-descent JSON reader for test data.
*/
#include <stdlib.h>
#include <string.h>

#include "minijson.h"

static void skip(const char **p)
{
	while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')
		(*p)++;
}

static char *parse_string(const char **p)
{
	const char *s = ++*p;
	size_t n = 0;
	char *out = malloc(strlen(s) + 1);
	while (**p && **p != '"') {
		if (**p == '\\' && (*p)[1]) {
			(*p)++;
			char c = **p;
			out[n++] = c == 'n' ? '\n' : c == 't' ? '\t' : c;
			if (c == 'u') { /* keep \uXXXX as '?' : names only */
				out[n - 1] = '?';
				*p += 4;
			}
		} else {
			out[n++] = **p;
		}
		(*p)++;
	}
	out[n] = 0;
	if (**p == '"')
		(*p)++;
	(void)s;
	return out;
}

static struct mj *parse_value(const char **p)
{
	skip(p);
	struct mj *v = calloc(1, sizeof *v);
	if (**p == '{' || **p == '[') {
		char close = **p == '{' ? '}' : ']';
		v->type = **p == '{' ? MJ_OBJ : MJ_ARR;
		(*p)++;
		struct mj **tail = &v->child;
		for (;;) {
			skip(p);
			if (**p == close) {
				(*p)++;
				break;
			}
			if (!**p)
				break;
			char *key = NULL;
			if (v->type == MJ_OBJ) {
				key = parse_string(p);
				skip(p);
				if (**p == ':')
					(*p)++;
			}
			struct mj *c = parse_value(p);
			c->key = key;
			*tail = c;
			tail = &c->next;
			skip(p);
			if (**p == ',')
				(*p)++;
		}
	} else if (**p == '"') {
		v->type = MJ_STR;
		v->str = parse_string(p);
	} else if (!strncmp(*p, "true", 4) || !strncmp(*p, "false", 5)) {
		v->type = MJ_BOOL;
		v->num = **p == 't';
		*p += **p == 't' ? 4 : 5;
	} else if (!strncmp(*p, "null", 4)) {
		*p += 4;
	} else {
		char *end;
		v->type = MJ_NUM;
		v->num = strtod(*p, &end);
		*p = end > *p ? end : *p + 1;
	}
	return v;
}

struct mj *mj_parse(const char *text)
{
	return parse_value(&text);
}

void mj_free(struct mj *v)
{
	while (v) {
		struct mj *next = v->next;
		mj_free(v->child);
		free(v->str);
		free(v->key);
		free(v);
		v = next;
	}
}

const struct mj *mj_get(const struct mj *obj, const char *key)
{
	for (const struct mj *c = obj ? obj->child : NULL; c; c = c->next)
		if (c->key && !strcmp(c->key, key))
			return c;
	return NULL;
}

int mj_len(const struct mj *arr)
{
	int n = 0;
	for (const struct mj *c = arr ? arr->child : NULL; c; c = c->next)
		n++;
	return n;
}
