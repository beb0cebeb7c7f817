clipkit manifest validate --manifest clipkit.json
