/* PTX lexer: re2c turns this file into ptx_lexer.c at build time (re2c >= 3). Tokens point into the
 * source buffer (pointer + length); nothing is allocated. The buffer ends with a NUL sentinel. */
#include "ptx_internal.h"

void ptx_lexer_init(ptx_lexer *lx, const char *text, size_t len)
{
    lx->cur = text;
    lx->lim = text + len;
    lx->line_start = text;
    lx->line = 1;
}

/* Counts the newlines of a comment so that later tokens keep their line numbers. */
static void count_lines(ptx_lexer *lx, const char *from, const char *to)
{
    for (const char *p = from; p < to; p++)
        if (*p == '\n') {
            lx->line++;
            lx->line_start = p + 1;
        }
}

void ptx_lex(ptx_lexer *lx, ptx_token *t)
{
    const char *YYCURSOR = lx->cur, *YYMARKER = NULL;
    for (;;) {
        const char *start = YYCURSOR;
        /*!stags:re2c format = 'const char *@@ = NULL;'; */
/* The token's place is written once it is known to be one: each rule takes the blanks before it
 * (b), @start marks where the token begins; comments and newlines loop back. */
#define TOKEN(k)                                                                                                       \
    do {                                                                                                               \
        t->kind = (k);                                                                                                 \
        t->p = start;                                                                                                  \
        t->line = lx->line;                                                                                            \
        t->col = (uint32_t)(start - lx->line_start) + 1;                                                               \
        t->n = (uint32_t)(YYCURSOR - start);                                                                           \
        lx->cur = YYCURSOR;                                                                                            \
        return;                                                                                                        \
    } while (0)
        /* The rules below are re2c's, not C. */
        /* clang-format off */
        /*!re2c
        re2c:define:YYCTYPE = "unsigned char";
        re2c:yyfill:enable = 0;
        re2c:flags:utf-8 = 0;
        re2c:flags:tags = 1;

        followsym = [a-zA-Z0-9_$];
        ident     = [a-zA-Z] followsym* | [_$%] followsym+ | "_";
        dotword   = "." [a-zA-Z0-9_]+ ("::" [a-zA-Z0-9_]+)*;
        dec       = [0-9]+;
        hex       = "0" [xX] [0-9a-fA-F]+;
        oct       = "0" [0-7]+;
        bin       = "0" [bB] [01]+;
        hexf      = "0" [fF] [0-9a-fA-F]{8} | "0" [dD] [0-9a-fA-F]{16};
        decf      = [0-9]+ "." [0-9]* ([eE] [+-]? [0-9]+)? | [0-9]+ [eE] [+-]? [0-9]+;

        b         = [ \t\r\f\v]*;

        b @start "\x00"   { if (YYCURSOR > lx->lim) { YYCURSOR--; TOKEN(PTX_T_EOF); } TOKEN(PTX_T_BAD); }
        b @start "\n"     { lx->line++; lx->line_start = YYCURSOR; continue; }
        b @start "//" [^\n\x00]* { continue; }
        b @start "/*" ([^*\x00] | "*"+ [^*/\x00])* "*"+ "/" { count_lines(lx, start, YYCURSOR); continue; }
        b @start "/*"     { TOKEN(PTX_T_UNTERMINATED); }
        b @start hexf     { TOKEN(PTX_T_FLOAT); }
        b @start decf     { TOKEN(PTX_T_FLOAT); }
        b @start (hex | oct | bin | dec) "U"? { TOKEN(PTX_T_INT); }
        b @start ident    { TOKEN(PTX_T_IDENT); }
        b @start dotword  { TOKEN(PTX_T_DOTWORD); }
        b @start "\"" [^"\n\x00]* "\"" { TOKEN(PTX_T_STRING); }
        b @start "<<"     { TOKEN(PTX_T_SHL); }
        b @start ">>"     { TOKEN(PTX_T_SHR); }
        b @start ("<=" | ">=" | "==" | "!=" | "&&" | "||") { TOKEN(PTX_T_OP2); }
        b @start [;,{}()[\]<>+\-*/@!=:|&^~?%] { TOKEN(PTX_T_PUNCT); }
        b @start [^]      { TOKEN(PTX_T_BAD); }
        */
        /* clang-format on */
    }
}
