/*
** json.c -- JSON string escaping.
*/
#include <string.h>

#include "base/json.h"
#include "base/textsafe.h"

void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		if (*p >= 0x80) {
			/* JSON is UTF-8: a byte that is not (text cut short
			   somewhere) is U+FFFD, not an invalid document */
			size_t len = text_char((const char *)p, strnlen((const char *)p, 4));
			if (len) {
				fwrite(p, 1, len, f);
				p += len - 1;
			} else {
				fputs("\\ufffd", f);
			}
			continue;
		}
		switch (*p) {
		case '"':
			fputs("\\\"", f);
			break;
		case '\\':
			fputs("\\\\", f);
			break;
		case '\n':
			fputs("\\n", f);
			break;
		case '\r':
			fputs("\\r", f);
			break;
		case '\t':
			fputs("\\t", f);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}
