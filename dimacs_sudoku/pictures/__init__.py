"""Pictures of a grid: SVG and HTML (:mod:`.svg`) and the marks of variant rules drawn
over them (:mod:`.marks`, called by the SVG writer, never calling back)."""
