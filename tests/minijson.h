/*
** minijson.h -- just enough JSON reading for the test corpora (tests only).
** A value is parsed into a small tree; strings are unescaped for \" and \\.
*/
#ifndef MAAT_MINIJSON_H
#define MAAT_MINIJSON_H

#include <stddef.h>

enum mj_type { MJ_NULL, MJ_BOOL, MJ_NUM, MJ_STR, MJ_ARR, MJ_OBJ };

struct mj {
	enum mj_type type;
	double num;
	char *str; /* MJ_STR; key for object members */
	char *key;
	struct mj *child; /* first element / member */
	struct mj *next;  /* next sibling */
};

struct mj *mj_parse(const char *text);
void mj_free(struct mj *v);
const struct mj *mj_get(const struct mj *obj, const char *key);
int mj_len(const struct mj *arr);

#endif
