/*
** textsafe.c -- strings from input escaped for text output, and cut at
** character boundaries (textsafe.h).
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/textsafe.h"

#define ESC_MAX 12 /* "\u202e" and the like, with room to spare */

/*
** The UTF-8 character at s (n > 0 bytes left): its length, its code point
** in *cp.  0 when the bytes there are no UTF-8 (a stray continuation, an
** overlong form, a surrogate, a sequence cut short).
*/
static size_t utf8_char(const unsigned char *s, size_t n, uint32_t *cp)
{
	static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
	size_t len = s[0] < 0x80   ? 1
	             : s[0] < 0xC2 ? 0
	             : s[0] < 0xE0 ? 2
	             : s[0] < 0xF0 ? 3
	             : s[0] < 0xF5 ? 4
	                           : 0;
	if (len == 0 || len > n)
		return 0;
	uint32_t c = len == 1 ? s[0] : s[0] & (0x7F >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if (c < min[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

size_t text_char_cp(const char *s, size_t n, uint32_t *cp)
{
	return n ? utf8_char((const unsigned char *)s, n, cp) : 0;
}

size_t text_char(const char *s, size_t n)
{
	uint32_t c;
	return text_char_cp(s, n, &c);
}

/* Characters that change what the terminal shows rather than showing. */
static bool hidden(uint32_t c)
{
	return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) || c == 0x061C || c == 0x200E ||
	       c == 0x200F || c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) ||
	       (c >= 0x2066 && c <= 0x2069);
}

/*
** The piece of output for the character (or bad byte) at s: raw, or its
** escape in esc.  Returns the bytes of input it stands for; *out and *len
** say what to write.
*/
static size_t next_piece(const char *s, size_t n, char esc[ESC_MAX], const char **out, size_t *len)
{
	static const char named[] = "\a\b\t\n\v\f\r\033";
	static const char names[] = "abtnvfre";
	uint32_t c;
	size_t used = utf8_char((const unsigned char *)s, n, &c);
	if (used == 0) {
		snprintf(esc, ESC_MAX, "\\x%02x", (unsigned char)s[0]);
		*out = esc;
		*len = strlen(esc);
		return 1;
	}
	if (!hidden(c)) {
		*out = s;
		*len = used;
		return used;
	}
	const char *k = c ? strchr(named, (int)c) : NULL;
	if (k)
		snprintf(esc, ESC_MAX, "\\%c", names[k - named]);
	else if (c < 0x80)
		snprintf(esc, ESC_MAX, "\\x%02x", (unsigned)c);
	else
		snprintf(esc, ESC_MAX, "\\u%04x", (unsigned)c);
	*out = esc;
	*len = strlen(esc);
	return used;
}

size_t text_put(FILE *f, const char *s, size_t n)
{
	size_t written = 0;
	for (size_t i = 0; i < n;) {
		char esc[ESC_MAX];
		const char *out;
		size_t len;
		i += next_piece(s + i, n - i, esc, &out, &len);
		written += fwrite(out, 1, len, f);
	}
	return written;
}

static bool escape(char *buf, size_t cap, const char *s, bool backslash)
{
	size_t n = strlen(s), used = 0;
	if (cap == 0)
		return n == 0;
	for (size_t i = 0; i < n;) {
		char esc[ESC_MAX];
		const char *out;
		size_t len;
		size_t step = backslash && s[i] == '\\' ? (out = "\\\\", len = 2, 1)
		                                        : next_piece(s + i, n - i, esc, &out, &len);
		if (used + len + 1 > cap) {
			buf[used] = 0;
			return false;
		}
		memcpy(buf + used, out, len);
		used += len;
		i += step;
	}
	buf[used] = 0;
	return true;
}

bool text_escape(char *buf, size_t cap, const char *s)
{
	return escape(buf, cap, s, false);
}

bool text_escape_name(char *buf, size_t cap, const char *s)
{
	return escape(buf, cap, s, true);
}

void text_quote(char *buf, size_t cap, const char *s, size_t n, size_t max)
{
	if (cap == 0)
		return;
	size_t k = text_fit(s, n, max), used = 0;
	buf[0] = 0;
	for (size_t i = 0; i < k;) {
		char esc[ESC_MAX];
		const char *out;
		size_t len;
		size_t step = next_piece(s + i, k - i, esc, &out, &len);
		if (used + len + 4 > cap) { /* room for "..." and the NUL */
			k = i;
			break;
		}
		memcpy(buf + used, out, len);
		used += len;
		i += step;
	}
	if (k < n && used + 4 <= cap) {
		memcpy(buf + used, "...", 3);
		used += 3;
	}
	buf[used] = 0;
}

size_t text_fit(const char *s, size_t n, size_t max)
{
	size_t i = 0;
	while (i < n) {
		uint32_t c;
		size_t len = utf8_char((const unsigned char *)s + i, n - i, &c);
		if (len == 0)
			len = 1;
		if (i + len > max)
			break;
		i += len;
	}
	return i;
}

size_t text_whole(const char *s, size_t n)
{
	/* back to the lead byte of the last character, if it is one */
	size_t k = n;
	while (k > 0 && n - k < 4 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
		k--;
	if (k == 0 || (unsigned char)s[k - 1] < 0xC0)
		return n; /* ASCII last, or no lead byte: nothing cut there */
	uint32_t c;
	size_t len = utf8_char((const unsigned char *)s + k - 1, n - (k - 1), &c);
	return len == n - (k - 1) ? n : k - 1;
}

bool text_copy(char *buf, size_t cap, const char *s)
{
	static const char more[] = "\xE2\x80\xA6"; /* U+2026 */
	if (cap == 0)
		return false;
	size_t n = strlen(s);
	if (n < cap) {
		memcpy(buf, s, n + 1);
		return true;
	}
	bool mark = cap > sizeof more;
	size_t k = text_fit(s, n, cap - 1 - (mark ? sizeof more - 1 : 0));
	memcpy(buf, s, k);
	if (mark)
		memcpy(buf + k, more, sizeof more - 1);
	buf[k + (mark ? sizeof more - 1 : 0)] = 0;
	return false;
}

/* ---- text_fprintf: the format's own conversions, %s escaped */

/* One conversion of fmt, copied into spec; its letter and length modifier. */
struct conv {
	char spec[32];
	char letter;
	char length[3]; /* "", "h", "hh", "l", "ll", "z", "j", "t", "L" */
	bool star_width, star_prec, has_prec;
	int width, prec;
};

static const char *parse_conv(const char *p, struct conv *c)
{
	const char *start = p++; /* the '%' */
	memset(c, 0, sizeof *c);
	p += strspn(p, "-+ #0'");
	if (*p == '*') {
		c->star_width = true;
		p++;
	} else {
		for (; *p >= '0' && *p <= '9'; p++)
			c->width = c->width * 10 + (*p - '0');
	}
	if (*p == '.') {
		c->has_prec = true;
		p++;
		if (*p == '*') {
			c->star_prec = true;
			p++;
		} else {
			c->prec = 0;
			for (; *p >= '0' && *p <= '9'; p++)
				c->prec = c->prec * 10 + (*p - '0');
		}
	}
	size_t ln = strspn(p, "hlzjtL");
	if (ln > 2)
		ln = 2;
	memcpy(c->length, p, ln);
	p += ln;
	c->letter = *p;
	if (*p)
		p++;
	size_t sl = (size_t)(p - start);
	if (sl >= sizeof c->spec)
		sl = sizeof c->spec - 1;
	memcpy(c->spec, start, sl);
	c->spec[sl] = 0;
	return p;
}

/* A %s argument, escaped, within its precision and padded to its width. */
static int put_string(FILE *f, const struct conv *c, int width, int prec, const char *s)
{
	if (!s)
		s = "(null)";
	size_t n = strlen(s);
	if (prec >= 0 && (size_t)prec < n)
		n = text_fit(s, n, (size_t)prec);
	bool left = strchr(c->spec, '-') != NULL;
	/* the width counts what is shown: escapes are longer than their byte */
	char tmp[ESC_MAX];
	size_t shown = 0;
	for (size_t i = 0; i < n;) {
		const char *out;
		size_t len;
		i += next_piece(s + i, n - i, tmp, &out, &len);
		shown += len;
	}
	int pad = width > 0 && (size_t)width > shown ? width - (int)shown : 0;
	for (int k = 0; !left && k < pad; k++)
		fputc(' ', f);
	size_t w = text_put(f, s, n);
	for (int k = 0; left && k < pad; k++)
		fputc(' ', f);
	return (int)w + pad;
}

/* Any other conversion, by the type its letter and length modifier say. */
static int put_other(FILE *f, const struct conv *c, int width, int prec, va_list *ap)
{
	char spec[64];
	/* the '*'s are resolved: spec with the numbers in their place */
	if (c->star_width || c->star_prec) {
		char flags[8] = "";
		const char *p = c->spec + 1;
		size_t fl = strspn(p, "-+ #0'");
		memcpy(flags, p, fl < sizeof flags ? fl : sizeof flags - 1);
		char wbuf[16] = "", pbuf[16] = "";
		if (width)
			snprintf(wbuf, sizeof wbuf, "%d", width);
		if (c->has_prec)
			snprintf(pbuf, sizeof pbuf, ".%d", prec);
		snprintf(spec, sizeof spec, "%%%s%s%s%s%c", flags, wbuf, pbuf, c->length,
		         c->letter);
	} else {
		snprintf(spec, sizeof spec, "%s", c->spec);
	}
	const char *L = c->length;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	switch (c->letter) {
	case 'd':
	case 'i':
	case 'o':
	case 'u':
	case 'x':
	case 'X':
	case 'c':
		if (!strcmp(L, "ll"))
			return fprintf(f, spec, va_arg(*ap, long long));
		if (!strcmp(L, "l"))
			return fprintf(f, spec, va_arg(*ap, long));
		if (!strcmp(L, "z"))
			return fprintf(f, spec, va_arg(*ap, size_t));
		if (!strcmp(L, "j"))
			return fprintf(f, spec, va_arg(*ap, intmax_t));
		if (!strcmp(L, "t"))
			return fprintf(f, spec, va_arg(*ap, ptrdiff_t));
		return fprintf(f, spec, va_arg(*ap, int));
	case 'e':
	case 'E':
	case 'f':
	case 'F':
	case 'g':
	case 'G':
	case 'a':
	case 'A':
		if (!strcmp(L, "L"))
			return fprintf(f, spec, va_arg(*ap, long double));
		return fprintf(f, spec, va_arg(*ap, double));
	case 'p':
		return fprintf(f, spec, va_arg(*ap, void *));
	default:
		return -1; /* %n and unknown letters: not for text output */
	}
#pragma GCC diagnostic pop
}

int text_vfprintf(FILE *f, const char *fmt, va_list ap_in)
{
	va_list ap;
	va_copy(ap, ap_in);
	int total = 0;
	for (const char *p = fmt; *p;) {
		if (*p != '%') {
			size_t lit = strcspn(p, "%");
			total += (int)fwrite(p, 1, lit, f);
			p += lit;
			continue;
		}
		if (p[1] == '%') {
			fputc('%', f);
			total++;
			p += 2;
			continue;
		}
		struct conv c;
		p = parse_conv(p, &c);
		int width = c.width, prec = c.has_prec ? c.prec : -1;
		if (c.star_width)
			width = va_arg(ap, int);
		if (c.star_prec)
			prec = va_arg(ap, int);
		int w = c.letter == 's' ? put_string(f, &c, width, prec, va_arg(ap, const char *))
		                        : put_other(f, &c, width, prec, &ap);
		if (w < 0) {
			va_end(ap);
			return -1;
		}
		total += w;
	}
	va_end(ap);
	return ferror(f) ? -1 : total;
}

int text_fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = text_vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}

int text_printf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = text_vfprintf(stdout, fmt, ap);
	va_end(ap);
	return r;
}

char *text_vaprintf(const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	char *s = n < 0 ? NULL : malloc((size_t)n + 1);
	if (s)
		vsnprintf(s, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return s;
}

char *text_aprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = text_vaprintf(fmt, ap);
	va_end(ap);
	return s;
}
