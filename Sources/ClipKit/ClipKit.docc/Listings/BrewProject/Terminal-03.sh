clipkit manifest validate --manifest clipkit.json
clipkit generate entitlements --manifest clipkit.json --out ios
clipkit simulate https://brew.example/s/soho/t/12 --manifest clipkit.json --scenario all
