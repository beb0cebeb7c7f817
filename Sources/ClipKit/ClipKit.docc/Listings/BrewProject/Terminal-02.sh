clipkit manifest validate --manifest clipkit.json
clipkit generate entitlements --manifest clipkit.json --out ios
