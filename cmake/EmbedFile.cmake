# cmake -DIN=file -DOUT=header -DNAME=symbol -P EmbedFile.cmake: writes `static const unsigned
# char NAME[] = {...};` holding the bytes of IN (no terminating zero), for sources a program
# hands to a runtime compiler (bench/peers.cl).
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "/* Generated from ${IN} by cmake/EmbedFile.cmake. */\nstatic const unsigned char ${NAME}[] = {\n${bytes}};\n")
