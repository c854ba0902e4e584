"""Pictures of a grid: SVG (:mod:`.svg`) and HTML (:mod:`.html`), and the marks of
variant rules drawn over them (:mod:`.marks`, called by the SVG writer, never calling
back)."""
